import { LEAD_FORM_DATA, type LeadPostAnswer } from '../src/lead-form.ts';

// The card page's one script, loaded only where the page shows the "Share your contact back" form: it sends
// the form without leaving the page. The post is the form's own (same fields, same token, urlencoded),
// asking for JSON; the server answers with the HTML of what comes next (the thank-you note, the form again
// with its messages, or why it was not taken), which takes the form's place. Any other answer (the card is
// gone, a proxy's error page) is left to the browser: the form is sent again as a plain post.

function isAnswer(value: unknown): value is LeadPostAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LeadPostAnswer).kind === 'string' &&
    typeof (value as LeadPostAnswer).html === 'string'
  );
}

async function answerOf(response: Response): Promise<LeadPostAnswer | null> {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return null;
  const body: unknown = await response.json().catch(() => null);
  return isAnswer(body) ? body : null;
}

/** A notice at the top of the form, spoken at once; the previous one goes. */
function say(form: HTMLFormElement, text: string): void {
  form.querySelector('.notice')?.remove();
  const notice = document.createElement('p');
  notice.className = 'notice';
  notice.setAttribute('role', 'alert');
  notice.textContent = text;
  form.prepend(notice);
}

function showAnswer(form: HTMLFormElement, answer: LeadPostAnswer): void {
  const template = document.createElement('template');
  template.innerHTML = answer.html;
  const next = template.content.firstElementChild;
  if (!(next instanceof HTMLElement)) return;
  form.replaceWith(next);
  if (next instanceof HTMLFormElement) {
    enhance(next);
    // the first field with a message, else the notice that says why the form is back
    const focus =
      next.querySelector<HTMLElement>('[aria-invalid="true"]') ?? next.querySelector<HTMLElement>('.notice');
    focus?.focus();
  } else {
    next.focus();
  }
}

async function send(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.textContent ?? '';
  form.setAttribute('aria-busy', 'true');
  if (button) {
    button.disabled = true;
    button.textContent = form.getAttribute(LEAD_FORM_DATA.sending) ?? label;
  }
  const done = () => {
    form.removeAttribute('aria-busy');
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
  };
  let response: Response;
  try {
    response = await fetch(form.action, {
      method: 'POST',
      // urlencoded, as the plain post (the form has no file: every entry is a string)
      body: new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)])),
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    done();
    say(form, form.getAttribute(LEAD_FORM_DATA.sendFailed) ?? '');
    return;
  }
  const answer = await answerOf(response);
  done();
  if (answer) showAnswer(form, answer);
  else form.submit();
}

function enhance(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void send(form);
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>(`form[${LEAD_FORM_DATA.form}]`)) enhance(form);
