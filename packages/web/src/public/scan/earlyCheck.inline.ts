import { startEarlyCheck } from './earlyCheck';

// Built into an inline <script> of consumer.html by build/earlyCheckScript.ts; see earlyCheck.ts.
startEarlyCheck();
