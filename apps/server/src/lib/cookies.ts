import type { FastifyRequest } from 'fastify';

/** One cookie of a request, decoded; undefined when absent or not decodable (a malformed cookie is no cookie). */
export function cookie(request: FastifyRequest, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(request.headers.cookie ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}
