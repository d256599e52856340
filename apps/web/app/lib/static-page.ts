import { createContext, useContext } from 'react';
import { COLOR_SCHEME_COOKIE, DARK_CLASS } from './color-scheme';
import { serializePreferenceCookie } from './cookies';

/*
 * Public pages a visitor reads (issue 19, docs/decisions/022-static-public-pages.md): a route whose
 * handle says `hydrate: false` is served to visitors who are not signed in as server-rendered HTML with
 * no React, no router and no hydration data — none of the ~140 KB of JavaScript an app page loads.
 * Links are plain links, forms are plain GET/POST forms. The few things that want a script (the colour
 * scheme toggle, filters that apply on change) are handled by STATIC_PAGE_SCRIPT, a few hundred bytes
 * inline; without it they still work by submitting their forms. Signed-in users get the full app (their
 * menu, balance and session refresh are React).
 */

/** A route handle that makes the page static for visitors (merged into the page's own handle). */
export function staticPage<T extends object>(handle: T): T & { hydrate: false } {
  return { ...handle, hydrate: false };
}

/** Whether a route handle asks for a static page. */
export function isStaticHandle(handle: unknown): boolean {
  return (handle as { hydrate?: unknown } | undefined)?.hydrate === false;
}

/** True while rendering a static page (server only): controls that need React are left out. */
export const StaticPageContext = createContext(false);
export const useStaticPage = () => useContext(StaticPageContext);

const SCHEME_COOKIE = serializePreferenceCookie(COLOR_SCHEME_COOKIE, 'SCHEME', 365);

/**
 * The static page's only script. `form[data-scheme-toggle]` flips the colour scheme in place (the
 * attribute and class Mantine and our CSS read, and the cookie the server renders from);
 * `form[data-autosubmit]` submits when one of its lists changes, and empties the lists a changed list
 * names in `data-clears`; `[data-copy]` copies its text to the clipboard and then reads `data-copied`;
 * `form[data-exercise]` grades a grammar exercise's question when it is answered (features/grammar/
 * exercise.tsx) and clears it on reset.
 */
export const STATIC_PAGE_SCRIPT = `(function(){var d=document,h=d.documentElement;
d.addEventListener('submit',function(e){var f=e.target;if(!f.hasAttribute||!f.hasAttribute('data-scheme-toggle'))return;
e.preventDefault();var s=h.getAttribute('data-mantine-color-scheme')==='dark'?'light':'dark';
h.setAttribute('data-mantine-color-scheme',s);h.classList.toggle(${JSON.stringify(DARK_CLASS)},s==='dark');
d.cookie=${JSON.stringify(SCHEME_COOKIE)}.replace('SCHEME',s);});
d.addEventListener('change',function(e){var t=e.target,f=t&&t.form;
if(!f||t.tagName!=='SELECT'||!f.hasAttribute('data-autosubmit'))return;
var c=t.getAttribute('data-clears');if(c&&f.elements.namedItem(c))f.elements.namedItem(c).value='';
f.requestSubmit();});
d.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-copy]');
if(!b||!navigator.clipboard)return;navigator.clipboard.writeText(b.getAttribute('data-copy')).then(function(){
var l=b.querySelector('.mantine-Button-label')||b;l.textContent=b.getAttribute('data-copied');});});
function grade(x){var n=0,ok=0,qs=x.querySelectorAll('fieldset[data-answer]');
qs.forEach(function(q){var c=q.querySelector('input:checked'),f=q.querySelector('[data-testid=feedback]'),
p=q.querySelector('[data-testid=explanation]');q.querySelectorAll('label').forEach(function(l){l.removeAttribute('data-result');});
if(!c){f.removeAttribute('data-result');f.textContent='';if(p)p.hidden=true;return;}
n++;var r=c.value===q.getAttribute('data-answer')?'correct':'wrong';if(r==='correct')ok++;
c.closest('label').setAttribute('data-result',r);f.setAttribute('data-result',r);
f.textContent=q.getAttribute('data-'+r);if(p)p.hidden=false;});
x.querySelector('[data-testid=score]').textContent=x.getAttribute(n===qs.length?'data-done':'data-score').replace('{c}',ok);
x.querySelector('[data-reset]').hidden=n===0;}
d.addEventListener('change',function(e){var x=e.target.closest&&e.target.closest('[data-exercise]');if(x)grade(x);});
d.addEventListener('reset',function(e){var x=e.target.closest&&e.target.closest('[data-exercise]');
if(x)setTimeout(function(){grade(x);});});})();`;
