import { VEHICLE_SAMPLES } from '../fixtures/sandbox.js';
import { dataOf } from '../helpers/responses.js';
import type { DocumentedOperation, Reshaped } from './support.js';

/** The driver of the sandbox's world: plates with offenses, images, tolls, a motorcycle and licences. */
const { driver } = VEHICLE_SAMPLES;
const [PLATE] = driver.plates;
const DATE = 'jalali iso';
/** How seats are written and read. */
const SEATS = 'the registry’s sentence `جمعا 5 نفر` (5 persons in all) as the number of seats it holds';

/** A Gregorian date-time the upstream writes in Tehran's wall-clock time (no offset), read at `path` as an instant. */
const tehranTime = (path: string, shape: string): Reshaped => ({
  path,
  as: `the Tehran wall-clock time ${shape} (no offset) as an ISO-8601 instant in UTC (Tehran's offset, +03:30 or +04:30 in its daylight-saving years, taken off)`,
});
/** A licence whose negative points lead to a verdict (`Rule`), so every field of the answer carries a value. */
const LICENCE_WITH_RULE = '1000000033';
const DETAILS = 'vehicle.ownedBy.details';
/** An owner whose policy is a renewal with an endorsement and names the insured, so its fields carry values. */
const INSURED = { nationalId: '0000010006', plate: '451937416' } as const;
const POLICY = 'vehicle.ownedBy.thirdPartyInsurance';
const CLASSIFICATION = 'systemCode system typeCode type usageCode usage model';

const owned = (fields: string) =>
  `{ vehicle(plateNumber: "${PLATE}") { ownedBy(ownerNationalId: "${driver.nationalId}") { vehicle { plate { text } } ${fields} } } }`;
const person = (fields: string) => `{ person(nationalId: "${driver.nationalId}") { ${fields} } }`;

const OFFENSE_FIELDS = `id type description code amount city location occurredAt { ${DATE} } recordedAt
  plateSerial plateText billId paymentId barcode payable policemanCode hasImage`;

export const vehicleOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'billingDrivingOffenseGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          owned(`offenses(ownerMobile: "${driver.mobile}", first: 100) { totalAmount nodes { ${OFFENSE_FIELDS} } }`),
        ),
      ),
    inputs: ['version', 'mobile', 'nationalID', 'plateNumber'],
    fields: {
      'Bills[].id': 'vehicle.ownedBy.offenses.nodes.id',
      'Bills[].type': 'vehicle.ownedBy.offenses.nodes.type',
      'Bills[].description': 'vehicle.ownedBy.offenses.nodes.description',
      'Bills[].code': 'vehicle.ownedBy.offenses.nodes.code',
      'Bills[].price': 'vehicle.ownedBy.offenses.nodes.amount',
      'Bills[].city': 'vehicle.ownedBy.offenses.nodes.city',
      'Bills[].location': 'vehicle.ownedBy.offenses.nodes.location',
      'Bills[].date': 'vehicle.ownedBy.offenses.nodes.occurredAt.jalali',
      'Bills[].normalizedDate': tehranTime('vehicle.ownedBy.offenses.nodes.recordedAt', 'YYYY-MM-DD HH:mm:ss'),
      'Bills[].serial': 'vehicle.ownedBy.offenses.nodes.plateSerial',
      'Bills[].license': 'vehicle.ownedBy.offenses.nodes.plateText',
      'Bills[].billId': 'vehicle.ownedBy.offenses.nodes.billId',
      'Bills[].paymentId': 'vehicle.ownedBy.offenses.nodes.paymentId',
      'Bills[].barcode': 'vehicle.ownedBy.offenses.nodes.barcode',
      'Bills[].isPayable': 'vehicle.ownedBy.offenses.nodes.payable',
      'Bills[].policemanCode': 'vehicle.ownedBy.offenses.nodes.policemanCode',
      'Bills[].hasImage': 'vehicle.ownedBy.offenses.nodes.hasImage',
      'Bills[].dataValue': {
        notInGraph:
          'the upstream documents the key but neither its meaning nor its type, and answers it null in every documented sample',
      },
      TotalAmount: 'vehicle.ownedBy.offenses.totalAmount',
    },
  },
  {
    operationId: 'billingTrafficOffenseImageGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          owned(
            `offenses(ownerMobile: "${driver.mobile}", first: 100) { nodes { image { offenseId plateImageUrl vehicleImageUrl } } }`,
          ),
        ),
      ),
    inputs: ['offenseId'],
    fields: {
      OffenseId: 'vehicle.ownedBy.offenses.nodes.image.offenseId',
      PlateImageUrl: 'vehicle.ownedBy.offenses.nodes.image.plateImageUrl',
      VehicleImageUrl: 'vehicle.ownedBy.offenses.nodes.image.vehicleImageUrl',
    },
  },
  {
    operationId: 'billingRidingOffenseGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ motorcycle(plateNumber: "${driver.motorcycle}") {
          offenses(ownerNationalId: "${driver.nationalId}", ownerMobile: "${driver.mobile}") {
            amount billId paymentId complaintCode complaintStatus plateNumber } } }`),
      ),
    inputs: ['plateNumber', 'nationalID', 'mobile'],
    fields: {
      Amount: 'motorcycle.offenses.amount',
      BillID: 'motorcycle.offenses.billId',
      PaymentID: 'motorcycle.offenses.paymentId',
      ComplaintCode: 'motorcycle.offenses.complaintCode',
      ComplaintStatus: 'motorcycle.offenses.complaintStatus',
      PlateNumber: 'motorcycle.offenses.plateNumber',
    },
  },
  {
    operationId: 'billingNegativeScoreGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          person(
            `drivingLicenceNegativeScore(licenceNumber: "${LICENCE_WITH_RULE}", mobile: "${driver.mobile}") { licenceNumber points offenseCount rule }`,
          ),
        ),
      ),
    inputs: ['licenseNumber', 'nationalID', 'mobile'],
    fields: {
      LicenseNumber: 'person.drivingLicenceNegativeScore.licenceNumber',
      NegativeScore: 'person.drivingLicenceNegativeScore.points',
      OffenseCount: 'person.drivingLicenceNegativeScore.offenseCount',
      Rule: 'person.drivingLicenceNegativeScore.rule',
    },
  },
  {
    operationId: 'vehicleTrafficTollInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          owned(
            `trafficTolls(ownerMobile: "${driver.mobile}", first: 100) { nodes { id amount fee totalAmount chargedAt paymentStatus } }`,
          ),
        ),
      ),
    inputs: ['plateNumber', 'mobile', 'nationalId'],
    fields: {
      // The plate's text, as the upstream echoes it: the same text the graph decodes from the plate number.
      plateNumber: 'vehicle.ownedBy.vehicle.plate.text',
      'bills[].uniqueId': 'vehicle.ownedBy.trafficTolls.nodes.id',
      'bills[].amount': 'vehicle.ownedBy.trafficTolls.nodes.amount',
      'bills[].fee': 'vehicle.ownedBy.trafficTolls.nodes.fee',
      'bills[].totalAmount': 'vehicle.ownedBy.trafficTolls.nodes.totalAmount',
      'bills[].date': tehranTime('vehicle.ownedBy.trafficTolls.nodes.chargedAt', 'MM/DD/YYYY HH:mm:ss'),
      'bills[].paymentStatus': 'vehicle.ownedBy.trafficTolls.nodes.paymentStatus',
    },
  },
  {
    operationId: 'ecityFreewayTollInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ vehicle(plateNumber: "${PLATE}") { freewayTolls(first: 100) { totalAmount nodes { paymentId amount passedAt gateway freeway } } } }`,
        ),
      ),
    inputs: ['plateNumber'],
    fields: {
      'bills[].paymentId': 'vehicle.freewayTolls.nodes.paymentId',
      'bills[].price': 'vehicle.freewayTolls.nodes.amount',
      'bills[].date': tehranTime('vehicle.freewayTolls.nodes.passedAt', 'YYYY-MM-DD HH:mm:ss'),
      'bills[].gateway': 'vehicle.freewayTolls.nodes.gateway',
      'bills[].freeway': 'vehicle.freewayTolls.nodes.freeway',
      totalAmount: 'vehicle.freewayTolls.totalAmount',
    },
  },
  {
    operationId: 'vehicleVehicleInfoInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          owned(`details { system systemByInsurer systemCode tip tipByCentralInsurance tipCodeByInsurer modelYear
            vehicleType vehicleTypeCode vehicleGroupCode usage usageByInsurer usageCodeByInsurer usageCodeByCentralInsurance
            subUsage mainColour secondColour axles wheels capacity cylinders vin engineNumber chassisNumber
            plateInstalledOn { ${DATE} }
            insurance { insurerName insurerCode uniqueCode printNumber startsOn { ${DATE} } endsOn { ${DATE} }
              discounts { financialYears lifeYears personYears financialPercent lifePercent personPercent } } }`),
        ),
      ),
    inputs: ['nationalId', 'plateNumber'],
    fields: {
      systemNameByNaja: `${DETAILS}.system`,
      systemByInsuranceCompany: `${DETAILS}.systemByInsurer`,
      vehicleSystemCode: `${DETAILS}.systemCode`,
      tipByNaja: `${DETAILS}.tip`,
      tipByCentralInsurance: `${DETAILS}.tipByCentralInsurance`,
      tipCodeByCompany: `${DETAILS}.tipCodeByInsurer`,
      modelByNaja: `${DETAILS}.modelYear`,
      vehicleTypeNameByInsuranceCompany: `${DETAILS}.vehicleType`,
      vehicleTypeCodeByInsuranceCompany: `${DETAILS}.vehicleTypeCode`,
      vehicleGroupCode: `${DETAILS}.vehicleGroupCode`,
      usageNameByNaja: `${DETAILS}.usage`,
      usageNameByInsuranceCompany: `${DETAILS}.usageByInsurer`,
      usageCodeByInsuranceCompany: `${DETAILS}.usageCodeByInsurer`,
      usageCodeByCentralInsurance: `${DETAILS}.usageCodeByCentralInsurance`,
      subUsage: `${DETAILS}.subUsage`,
      mainColor: `${DETAILS}.mainColour`,
      secondColor: `${DETAILS}.secondColour`,
      axelNo: `${DETAILS}.axles`,
      wheelNo: `${DETAILS}.wheels`,
      capacity: { path: `${DETAILS}.capacity`, as: SEATS },
      cylinderNo: `${DETAILS}.cylinders`,
      vin: `${DETAILS}.vin`,
      engineNumber: `${DETAILS}.engineNumber`,
      chassisNumber: `${DETAILS}.chassisNumber`,
      plateInstallDate: `${DETAILS}.plateInstalledOn.jalali`,
      insuranceCompanyTitle: `${DETAILS}.insurance.insurerName`,
      insuranceCompanyCode: `${DETAILS}.insurance.insurerCode`,
      insuranceUniqueCode: `${DETAILS}.insurance.uniqueCode`,
      insurancePrintNumber: `${DETAILS}.insurance.printNumber`,
      beginDate: `${DETAILS}.insurance.startsOn.jalali`,
      endDate: `${DETAILS}.insurance.endsOn.jalali`,
      discountFinancialYearNumber: `${DETAILS}.insurance.discounts.financialYears`,
      discountLifeYearNumber: `${DETAILS}.insurance.discounts.lifeYears`,
      discountPersonYearNumber: `${DETAILS}.insurance.discounts.personYears`,
      discountFinancialYearPercent: `${DETAILS}.insurance.discounts.financialPercent`,
      discountLifeYearPercent: `${DETAILS}.insurance.discounts.lifePercent`,
      discountPersonYearPercent: `${DETAILS}.insurance.discounts.personPercent`,
    },
  },
  {
    operationId: 'vehiclePlateNumberHistoryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          owned(
            `plateHistory { status trace installations { vehicleSystem vehicleType vehicleModel installedOn { ${DATE} } detachedOn { ${DATE} } } }`,
          ),
        ),
      ),
    inputs: ['nationalId', 'plateNumber'],
    fields: {
      plateStatus: 'vehicle.ownedBy.plateHistory.status',
      tracePlate: 'vehicle.ownedBy.plateHistory.trace',
      'plateHistory[].vehicleSystem': 'vehicle.ownedBy.plateHistory.installations.vehicleSystem',
      'plateHistory[].vehicleType': 'vehicle.ownedBy.plateHistory.installations.vehicleType',
      'plateHistory[].vehicleModel': 'vehicle.ownedBy.plateHistory.installations.vehicleModel',
      'plateHistory[].installDate': 'vehicle.ownedBy.plateHistory.installations.installedOn.jalali',
      'plateHistory[].detachDate': 'vehicle.ownedBy.plateHistory.installations.detachedOn.jalali',
    },
  },
  {
    operationId: 'vehicleActivePlateNumbersGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          person(
            `activePlates(mobile: "${driver.mobile}") { plateText registeredNationalId revoked revokedAt revocationReason serialNumber vehicle { plateNumber } }`,
          ),
        ),
      ),
    inputs: ['nationalId', 'mobile'],
    fields: {
      'plateNumbers[].nationalId': 'person.activePlates.registeredNationalId',
      'plateNumbers[].plateNumber': 'person.activePlates.plateText',
      'plateNumbers[].revoked': 'person.activePlates.revoked',
      'plateNumbers[].revokedDateTime': tehranTime('person.activePlates.revokedAt', 'MM/DD/YYYY HH:mm:ss'),
      'plateNumbers[].revokedDescription': 'person.activePlates.revocationReason',
      'plateNumbers[].serialNumber': 'person.activePlates.serialNumber',
    },
  },
  {
    operationId: 'vehicleMatchingVehicleOwnershipGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ vehicle(plateNumber: "${PLATE}") { ownership(ownerNationalId: "${driver.nationalId}") { matches vehicleType tip model } } }`,
        ),
      ),
    inputs: ['nationalId', 'plateNumber'],
    fields: {
      isValid: 'vehicle.ownership.matches',
      vehicleType: 'vehicle.ownership.vehicleType',
      vehicleTip: 'vehicle.ownership.tip',
      vehicleModel: 'vehicle.ownership.model',
    },
  },
  {
    operationId: 'kycThirdPartyInsuranceInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ vehicle(plateNumber: "${INSURED.plate}") { plate { twoDigits threeDigits region }
          ownedBy(ownerNationalId: "${INSURED.nationalId}") { thirdPartyInsurance {
            policyNumber policyCode statusCode previousPolicyNumber lastEndorsementNumber holderName
            insurerName insurerCode insuredName issuedOn { ${DATE} } startsOn { ${DATE} } endsOn { ${DATE} }
            financialCoverage lifeCoverage personCoverage financialLossCount personLossCount healthLossCount lossAmount
            discounts { financialYears lifeYears personYears financialPercent lifePercent personPercent }
            vehicle { system systemCode type groupCode usage usageCode model tonnage plateInstalledOn { ${DATE} }
              mainColour secondColour capacity cylinders axles wheels engineNumber chassisNumber vin
              plate { twoDigits letterNumber threeDigits region }
              sharedClassification { ${CLASSIFICATION} } centralInsurance { ${CLASSIFICATION} } }
            endorsements { id title description } lastEndorsedOn { ${DATE} } lastEndorsementText } } } }`),
      ),
    inputs: ['nationalCode', 'plateNumber'],
    fields: {
      prntPlcyCmpDocNo: `${POLICY}.policyNumber`,
      thirdPolicyCode: `${POLICY}.policyCode`,
      statusTypeCode: `${POLICY}.statusCode`,
      lastCompanyDocumentNumber: `${POLICY}.previousPolicyNumber`,
      printEndorsCompanyDocumentNumber: `${POLICY}.lastEndorsementNumber`,
      thrname: `${POLICY}.holderName`,
      companyName: `${POLICY}.insurerName`,
      companyCode: `${POLICY}.insurerCode`,
      insuranceFullName: `${POLICY}.insuredName`,
      issueDate: `${POLICY}.issuedOn.jalali`,
      startDate: `${POLICY}.startsOn.jalali`,
      endDate: `${POLICY}.endsOn.jalali`,
      // Each cover comes under a long and a short name: one amount in the graph.
      financialCvrCptl: `${POLICY}.financialCoverage`,
      fnCvrCptl: `${POLICY}.financialCoverage`,
      lifeCvrCptl: `${POLICY}.lifeCoverage`,
      lfCvrCptl: `${POLICY}.lifeCoverage`,
      personCvrCptl: `${POLICY}.personCoverage`,
      prsnCvrCptl: `${POLICY}.personCoverage`,
      policyFinancialLossCount: `${POLICY}.financialLossCount`,
      policyPersonLossCount: `${POLICY}.personLossCount`,
      policyHealthLossCount: `${POLICY}.healthLossCount`,
      cuntLossAmont: `${POLICY}.lossAmount`,
      disFnYrNum: `${POLICY}.discounts.financialYears`,
      disLfYrNum: `${POLICY}.discounts.lifeYears`,
      disPrsnYrNum: `${POLICY}.discounts.personYears`,
      // The percentages come under two names as well: one number in the graph.
      disFnYrPrcnt: `${POLICY}.discounts.financialPercent`,
      discountThirdPercent: `${POLICY}.discounts.financialPercent`,
      disLfYrPrcnt: `${POLICY}.discounts.lifePercent`,
      disPrsnYrPrcnt: `${POLICY}.discounts.personPercent`,
      discountPersonPercent: `${POLICY}.discounts.personPercent`,
      systemField: `${POLICY}.vehicle.system`,
      vehicleSystemCode: `${POLICY}.vehicle.systemCode`,
      typeField: `${POLICY}.vehicle.type`,
      carGroupCode: `${POLICY}.vehicle.groupCode`,
      usageField: `${POLICY}.vehicle.usage`,
      usageCode: `${POLICY}.vehicle.usageCode`,
      modelField: `${POLICY}.vehicle.model`,
      tonage: `${POLICY}.vehicle.tonnage`,
      installDateField: `${POLICY}.vehicle.plateInstalledOn.jalali`,
      mainColorField: `${POLICY}.vehicle.mainColour`,
      secondColorField: `${POLICY}.vehicle.secondColour`,
      capacityField: { path: `${POLICY}.vehicle.capacity`, as: SEATS },
      cylinderNumberField: `${POLICY}.vehicle.cylinders`,
      cylCnt: `${POLICY}.vehicle.cylinders`,
      axelNumberField: `${POLICY}.vehicle.axles`,
      wheelNumberField: `${POLICY}.vehicle.wheels`,
      // The engine, chassis and VIN numbers come under two names each: one value in the graph.
      engineNumberField: `${POLICY}.vehicle.engineNumber`,
      mtrNum: `${POLICY}.vehicle.engineNumber`,
      chassisNumberField: `${POLICY}.vehicle.chassisNumber`,
      shsNum: `${POLICY}.vehicle.chassisNumber`,
      vinNumberField: `${POLICY}.vehicle.vin`,
      vin: `${POLICY}.vehicle.vin`,
      plk1: `${POLICY}.vehicle.plate.twoDigits`,
      plk2: `${POLICY}.vehicle.plate.letterNumber`,
      plk3: `${POLICY}.vehicle.plate.threeDigits`,
      plkSrl: `${POLICY}.vehicle.plate.region`,
      mapVehicleSystemName: `${POLICY}.vehicle.sharedClassification.system`,
      mapTypNam: `${POLICY}.vehicle.sharedClassification.type`,
      mapUsageName: `${POLICY}.vehicle.sharedClassification.usage`,
      mapUsageCode: `${POLICY}.vehicle.sharedClassification.usageCode`,
      systemCodeCii: `${POLICY}.vehicle.centralInsurance.systemCode`,
      systemNameCii: `${POLICY}.vehicle.centralInsurance.system`,
      typeCodeCii: `${POLICY}.vehicle.centralInsurance.typeCode`,
      typeNameCii: `${POLICY}.vehicle.centralInsurance.type`,
      usageCodeCii: `${POLICY}.vehicle.centralInsurance.usageCode`,
      usageNameCii: `${POLICY}.vehicle.centralInsurance.usage`,
      modelCii: `${POLICY}.vehicle.centralInsurance.model`,
      edrsJson: {
        path: `${POLICY}.endorsements.title`,
        as: 'a JSON text of an array of `{ id, nam, Dsc }` as a list of endorsements, each with `id`, `title` (`nam`) and `description` (`Dsc`)',
      },
      endorseDate: `${POLICY}.lastEndorsedOn.jalali`,
      endorseText: `${POLICY}.lastEndorsementText`,
      'damageTypes[]': {
        notInGraph:
          'the upstream documents it only as an array, without the shape of its elements, and every documented sample gives it empty',
      },
    },
  },
  {
    operationId: 'kycLicenseCheckInquiryPost',
    run: async (h) =>
      dataOf(
        await h.gql(
          person(`drivingLicences(mobile: "${driver.mobile}") { statusCode statusDescription
            licences { number type status barcode issuedAt validityPeriod firstName lastName nationalId } }`),
        ),
      ),
    inputs: ['nationalID', 'mobile'],
    fields: {
      'licenseStatus.code': 'person.drivingLicences.statusCode',
      'licenseStatus.description': 'person.drivingLicences.statusDescription',
      'licenses[].licenseNumber': 'person.drivingLicences.licences.number',
      'licenses[].licenseType': 'person.drivingLicences.licences.type',
      'licenses[].licenseStatus': 'person.drivingLicences.licences.status',
      'licenses[].barCode': 'person.drivingLicences.licences.barcode',
      'licenses[].issueDate': tehranTime('person.drivingLicences.licences.issuedAt', 'MM/DD/YYYY HH:mm:ss'),
      'licenses[].licenseValidityPeriod': 'person.drivingLicences.licences.validityPeriod',
      'licenses[].firstname': 'person.drivingLicences.licences.firstName',
      'licenses[].lastname': 'person.drivingLicences.licences.lastName',
      'licenses[].nationalCode': 'person.drivingLicences.licences.nationalId',
    },
  },
  {
    operationId: 'kycDriversRiskInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(person(`driverRisk(birthDate: "${driver.birthDate}", personType: 1, agentCode: "A12") { score }`)),
      ),
    inputs: ['nationalCode', 'birthDate', 'personType', 'agentCode'],
    fields: { score: 'person.driverRisk.score' },
  },
];
