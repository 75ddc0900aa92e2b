import { type DestinationStream, pino } from 'pino'

/**
 * Structured JSON logs. Credentials never reach them: auth headers, cookies, passwords, tokens and
 * card data are redacted wherever they appear in a logged object.
 */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.passwordHash',
          '*.token',
          '*.access_token',
          '*.apiKey',
          '*.secret',
          '*.cardNumber',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  )
}
