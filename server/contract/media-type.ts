// One reading of a request's Content-Type for everything that depends on it: the body parsers,
// the signature (a JSON body is signed by its bodyHash) and the operation's content-type check.
// RFC 9110 §8.3.1: `type "/" subtype *( OWS ";" OWS parameter )`, where type and subtype are
// case-insensitive; two readings that disagreed let `Application/JSON` past the bodyHash.

/** The media type of a Content-Type header in lower case, without parameters; '' when absent. */
export function mediaType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

export const JSON_MEDIA_TYPE = 'application/json';
