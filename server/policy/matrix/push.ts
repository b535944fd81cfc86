/** The access matrix (issue 35): Web Push, the site's key and one's own devices. */
import { EVERYONE, row, SIGNED_IN, unique, type Row } from './personas';

/** Keys as a browser makes them (a P-256 point and a 16-byte secret); the matrix only needs them well formed. */
const browserKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

export const PUSH_ROWS: Row[] = [
  row('GET /api/push/key', { allow: EVERYONE, why: 'a public key: the browser needs it to subscribe' }),
  row('POST /api/push/subscriptions', { body: () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${unique()}`, keys: browserKeys }), allow: SIGNED_IN }),
  row('GET /api/push/subscriptions', { allow: SIGNED_IN, why: "one's own devices" }),
  row('DELETE /api/push/subscriptions/{id}', { params: { id: 'playerPushDevice' }, allow: ['player'], why: "one's own device only: 404 for anyone else" }),
];
