// Request and audio failures are logged, never thrown at the learner (SPEC section 8).
export function logError(context: string, error: unknown): void {
  console.error(`[ivrit] ${context}`, error);
}
