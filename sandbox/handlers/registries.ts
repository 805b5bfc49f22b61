/** militaryInquiry, blacklistInquiry, passportInquiry and sanaInquiry (wire facts §4.2). */
import { isValidNationalId } from '../world/checks.js';
import { blacklistingOf, militaryStatusOf, passportOf, sanaRegisteredOf } from '../world/records.js';
import { answering, bodyFields, mobileParam, personParam, reject, required, requireTrackId } from './inputs.js';

export const militaryInquiry = answering(({ query }) =>
  militaryStatusOf(personParam(query['nationalCode'], 'nationalCode').nationalId),
);

export const blacklistInquiry = answering((request) => {
  requireTrackId(request);
  const { nationalId } = personParam(request.query['nid'], 'nid');
  const { isBlocked, message } = blacklistingOf(nationalId);
  return { isBlocked, nid: nationalId, message };
});

/** Designed: the passport registry answers only for the mobile number registered to the person. */
export const passportInquiry = answering((request) => {
  requireTrackId(request);
  const fields = bodyFields(request.body, ['nationalCode', 'mobile']);
  const person = personParam(fields.nationalCode, 'nationalCode');
  if (mobileParam(fields.mobile) !== person.mobile) reject('mobile does not belong to nationalCode');
  return passportOf(person.nationalId);
});

/**
 * sanaInquiry is documented only as "national id, identification code type → registered, error
 * message". Designed, after the upstream's party `idType`: `identificationCodeType` 1 is a natural
 * person's national id (10 digits, checksum), 2 a legal person's national id (11 digits), 3 a foreign
 * natural person's and 4 a foreign legal person's number (8 to 16 digits); the answer is
 * `{ registered, message }`.
 */
export const sanaInquiry = answering(({ query }) => {
  const type = required(query['identificationCodeType'], 'identificationCodeType');
  const code = required(query['nationalCode'], 'nationalCode');
  if (!['1', '2', '3', '4'].includes(type)) reject('invalid identificationCodeType');
  const valid = type === '1' ? isValidNationalId(code) : type === '2' ? /^\d{11}$/.test(code) : /^\d{8,16}$/.test(code);
  if (!valid) reject('invalid nationalCode');
  const registered = sanaRegisteredOf(code);
  return {
    registered,
    message: registered ? 'شخص در سامانه ثنا ثبت نام کرده است' : 'شخص در سامانه ثنا ثبت نام نکرده است',
  };
});
