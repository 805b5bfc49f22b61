/** The people answers of Shahkar by SMS, as the upstream writes them (the civil registry's are in shared/civilRegistry.ts). */
import { flag, record } from '../shared/shapes.js';

/** `facilityShahkarSmsSendGet`: whether the code was texted. */
export const MobileCodeSentAnswer = record({ smsSent: flag });

/** `facilityShahkarSmsVerifyGet`: whether the code matched and the mobile is the person's. */
export const MobileCodeCheckAnswer = record({ isValid: flag });
