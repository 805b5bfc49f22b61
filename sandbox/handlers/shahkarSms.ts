import { SANDBOX_OTP } from '../consent/book.js';
import { isValidNationalId } from '../validation.js';
import { personOf } from '../world/index.js';
import { done, fail, type OperationHandler } from './types.js';

interface PendingCheck {
  readonly nationalId: string;
  readonly mobile: string;
  readonly expiresAt: number;
}

const invalid = (message: string) => fail({ status: 400, code: 'VALIDATION_ERROR', message });

/**
 * Shahkar by SMS: step 1 texts a code (in the sandbox always SANDBOX_OTP) and remembers the call's
 * trackId; step 2 takes that trackId as `otpTrackId` with the code and says whether the mobile is
 * the national id's. A code is good for one verification within its lifetime.
 */
export class ShahkarSmsChecks {
  private readonly pending = new Map<string, PendingCheck>();

  constructor(private readonly otpLifetimeMs: () => number) {}

  readonly send: OperationHandler = ({ query, now }) => {
    const { trackId, mobile, nationalCode, version } = query;
    if (!trackId) return invalid('trackId is required');
    if (version !== undefined && version !== '2') return invalid('invalid version');
    if (!mobile || !/^09\d{9}$/.test(mobile)) return invalid('invalid mobile');
    if (!nationalCode || !isValidNationalId(nationalCode)) return invalid('invalid nationalCode');
    this.pending.set(trackId, { nationalId: nationalCode, mobile, expiresAt: now + this.otpLifetimeMs() });
    return done({ smsSent: true });
  };

  readonly verify: OperationHandler = ({ query, now }) => {
    const check = query.otpTrackId ? this.pending.get(query.otpTrackId) : undefined;
    if (!check || query.otp !== SANDBOX_OTP) return invalid('invalid otp or otpTrackId');
    this.pending.delete(query.otpTrackId!);
    if (now > check.expiresAt) return invalid('Expiration time is exceeded');
    return done({ isValid: personOf(check.nationalId).mobile === check.mobile });
  };
}
