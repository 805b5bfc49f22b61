/**
 * The fictional world of persons, banks, cards, accounts and addresses, as pure functions of
 * identifiers, for tests that need the values the sandbox will answer with.
 */
export { BANKS, bankByBin, bankByCode, type Bank } from './banks.js';
export { ibanCheckDigits, isValidIbanSyntax, luhnCheckDigit, nationalIdCheckDigit, passesLuhn } from './checks.js';
export { banksOf, nationalIdOfKey } from './households.js';
export {
  ACCOUNT_TYPE_NAMES,
  accountAt,
  accountOfCard,
  accountOfDeposit,
  accountOfDigits,
  accountOfIban,
  accountsOf,
  cardNumber,
  cardsOf,
  formatDeposit,
  ibanOfDigits,
  ownersOf,
  parseDeposit,
  type Account,
  type AccountStatus,
  type AccountType,
} from './accounts.js';
export { fullNameOf, personOf, type Citizen, type DeathStatus, type Gender } from './persons.js';
export {
  addressOf,
  addressText,
  coordinatesOf,
  isValidPostalCode,
  type Coordinates,
  type PostalAddress,
} from './addresses.js';
export {
  REFERENCE_DAY,
  blacklistingOf,
  militaryStatusOf,
  passportOf,
  sanaRegisteredOf,
  shahabCodeOf,
  trackingCodeOf,
  type MilitaryStatus,
  type Passport,
} from './records.js';
export { nameSimilarity } from './similarity.js';
export { isValidParcelCode, parcelOf, type Parcel, type ParcelEvent } from './parcels.js';
export {
  liveVideoComparisonOf,
  nationalCardExpiryOf,
  nationalCardImageOf,
  nationalCardSerialOf,
  ocrOf,
  type LiveVideoComparison,
  type OcrBack,
  type OcrFront,
} from './media.js';
export {
  companyOf,
  isCompanyId,
  type BoardRole,
  type BoardSeat,
  type LegalFormName,
  type SignatureKind,
  type WorldCompany,
} from './companies.js';
export * from './companySamples.js';
export { gazetteOf, type CompanyGazette, type NoticeKind, type WorldNotice } from './gazette.js';
export { registryOf, type CompanyRegistry } from './companyRegistry.js';
export { tradeLicencesOf, type WorldTradeLicence } from './licencesTrade.js';
export { creditValidationOf, type WorldCreditValidation } from './companyCredit.js';
export * from './samples.js';
export { bouncedChequesOf, chequeColourOf, type ChequeColourCode, type WorldBouncedCheque } from './creditCheques.js';
export { FACILITY_STATUS_TEXT, facilitiesOf, facilityTotals, type WorldFacility } from './creditFacilities.js';
export { guarantiesOf, type WorldGuaranty } from './guaranteedLoans.js';
export { guaranteeOf, type WorldCollateral, type WorldGuarantee } from './bankGuarantees.js';
export { CARD_ALLOWANCE, cardAllowanceOf, macnaCardsOf, maskPan, type MacnaCard } from './creditMacna.js';
export * from './creditSamples.js';
export {
  RISK_GRADES,
  assessmentOf,
  creditScoreOf,
  riskGradeOf,
  type RiskGrade,
  type WorldAssessment,
} from './creditAssessment.js';
export { isPlateNumber, motorcyclesOf, ownsPlate, plateRegistrationsOf, plateTextOf, platesOf } from './plates.js';
export { INSURERS, discountPercent, vehicleOf, type WorldCover, type WorldVehicle } from './vehicles.js';
export {
  freewayTollsOf,
  motorcycleFinesOf,
  offenseById,
  offensesOf,
  trafficTollsOf,
  type WorldOffense,
} from './traffic.js';
export { driverRiskOf, licencesOf, negativeScore, type WorldLicence } from './driving.js';
export { VEHICLE_SAMPLES } from './vehicleSamples.js';
export {
  TRANSACTION_CREDIT_VERDICT_KINDS,
  transactionCreditMessage,
  TRANSACTION_CREDIT_SAMPLES,
  transactionCreditOf,
  type TransactionCreditVerdict,
  type TransactionCreditVerdictKind,
} from './transactionCredit.js';
