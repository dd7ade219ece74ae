// SPEC §8: a delete is confirmed by a warning toast 'Delete Successfully', a send by a success
// toast 'Send Successfully', both shown for 1500 ms.
export const DELETED = 'Delete Successfully';
export const SENT = 'Send Successfully';
export const SHORT_TOAST = { autoClose: 1500 };
