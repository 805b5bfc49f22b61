import { ErrorCode, isUpstreamError } from '../errors.js';
import { MobileCodeCheckAnswer, MobileCodeSentAnswer } from './records/people.js';
import { CivilIdentityAnswer, civilIdentityOf } from './shared/civilRegistry.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode, malformedAnswer } from './shared/shapes.js';
import { type MobileOwnershipOutcome } from './types/accounts.js';
import type { CivilIdentityRecord } from './types/people.js';

/** People: the civil-registry identity and the two steps of proving a mobile number by SMS (Shahkar). */
export class PeopleAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Civil-registry identity by national id and birth date (client credential). */
  async getIdentity(nationalId: string, birthDate: string): Promise<CivilIdentityRecord> {
    const answer = await this.upstream.read('facilityCcNidInquiryGet', {
      path: { nid: nationalId },
      query: { birthDate },
    });
    return civilIdentityOf(decode('facilityCcNidInquiryGet', answer, CivilIdentityAnswer), nationalId);
  }

  /**
   * Shahkar by SMS, step 1: texts the person a code; returns the call's trackId, which step 2 needs.
   * Sent as `version=2`, the documented current version (as cardToIban and drivingOffense).
   */
  async sendMobileOwnershipCode(nationalId: string, mobile: string): Promise<string> {
    const answer = await this.upstream.send('facilityShahkarSmsSendGet', {
      query: { version: '2', mobile, nationalCode: nationalId },
    });
    const { smsSent } = decode('facilityShahkarSmsSendGet', answer, MobileCodeSentAnswer);
    if (smsSent !== true) throw malformedAnswer('facilityShahkarSmsSendGet', answer, 'result.smsSent');
    return answer.trackId;
  }

  /** Shahkar by SMS, step 2. A refused or expired code is an outcome, not an error. */
  async verifyMobileOwnershipCode(checkId: string, otp: string): Promise<MobileOwnershipOutcome> {
    try {
      const answer = await this.upstream.send('facilityShahkarSmsVerifyGet', { query: { otpTrackId: checkId, otp } });
      const { isValid } = decode('facilityShahkarSmsVerifyGet', answer, MobileCodeCheckAnswer);
      if (isValid === null) throw malformedAnswer('facilityShahkarSmsVerifyGet', answer, 'result.isValid');
      return { kind: 'checked', matches: isValid };
    } catch (error) {
      if (
        !isUpstreamError(error) ||
        error.details.code !== ErrorCode.UpstreamRejected ||
        error.details.httpStatus !== 400
      )
        throw error;
      return {
        kind: 'codeRejected',
        code: /expir/i.test(error.details.upstreamMessage ?? '') ? 'OTP_EXPIRED' : 'INVALID_OTP',
      };
    }
  }
}
