import type zh from '../zh_CN/scanner';

/** The code scanner shared by the public pages (English). */
const scanner: typeof zh = {
  placeholder: 'Scan or type a code, then Enter',
  cameraOn: 'Camera',
  cameraOff: 'Camera off',
  noCode: 'No code found in: {{text}}',
  camera: {
    unsupported: 'This browser cannot use the camera (HTTPS is needed); use a scanner or type the code',
    denied: 'Camera permission was refused; allow it in the browser settings and try again',
    failed: 'The camera could not be opened',
  },
};

export default scanner;
