// Intercom's Messenger under our Content-Security-Policy: the source allowlist Intercom documents for a US-hosted
// workspace ("Using Intercom with Content Security Policy", intercom.com/help/en/articles/3894), by directive.
// app.ts adds them only when INTERCOM_APP_ID is set. Intercom's child-src list goes to frame-src, which browsers
// read first for frames.

export const INTERCOM_CSP = {
  scriptSrc: ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connectSrc: [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-ping.intercom.io',
    'https://*.intercom-messenger.com',
    'wss://*.intercom-messenger.com',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  frameSrc: [
    'https://intercom-sheets.com',
    'https://www.intercom-reporting.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
    'https://fast.wistia.net',
  ],
  fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  formAction: ['https://intercom.help', 'https://api-iam.intercom.io'],
  mediaSrc: ['https://js.intercomcdn.com'],
  imgSrc: [
    'blob:',
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://*.intercom-attachments-5.com',
    'https://*.intercom-attachments-6.com',
    'https://*.intercom-attachments-9.com',
  ],
  // The Messenger styles itself with inline styles; a nonce would switch 'unsafe-inline' off (static-assets.ts).
  styleSrc: ["'unsafe-inline'"],
} as const;
