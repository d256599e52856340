import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A query string from the set values only (empty, null and undefined are left out). */
export function toQuery(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** A mutation that refreshes the given query scopes once it succeeds. */
export function useInvalidating<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  ...scopes: (readonly string[])[]
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(scopes.map((scope) => client.invalidateQueries({ queryKey: scope }))),
  });
}

/** A filter read from the address, kept only when it is one of the values the API accepts. */
export function oneOf<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  return allowed.find((item) => item === value);
}
