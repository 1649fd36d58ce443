// The staff sign-in page used until the web client (issue 3) replaces it: email and password to
// POST /api/auth/login, then the signed-in user from GET /api/auth/user.
const form = document.getElementById('login-form');
const error = document.getElementById('login-error');
const button = form.querySelector('button');

function showError(message) {
  error.textContent = message;
  error.hidden = false;
}

async function showUser() {
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) return false;
  const user = await res.json();
  document.getElementById('welcome').textContent = `Signed in as ${user.firstName} ${user.lastName} (${user.email})`;
  document.getElementById('signed-in').hidden = false;
  form.hidden = true;
  return true;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.hidden = true;
  const email = form.email.value.trim();
  const password = form.password.value;
  if (!email || !password) return showError('Enter your email and password.');
  button.disabled = true;
  button.textContent = 'Signing in...';
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status === 429) return showError((await res.json()).message);
    if (!res.ok) return showError('Invalid email or password.');
    await showUser();
  } catch {
    showError('Connection error. Check your network and try again.');
  } finally {
    button.disabled = false;
    button.textContent = 'Sign in';
  }
});

showUser();
