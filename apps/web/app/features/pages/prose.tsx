import classes from './prose.module.css';

/** Rich text stored by the API (sanitized on the server against an allowlist), as an article body. */
export function Prose({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes every stored rich-text field.
  return <div className={classes.prose} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
