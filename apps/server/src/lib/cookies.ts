import type { FastifyRequest } from 'fastify';

/** One cookie of a request, decoded; undefined when absent. */
export function cookie(request: FastifyRequest, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(request.headers.cookie ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}
