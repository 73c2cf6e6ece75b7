// The system Chromium the benches run Lighthouse in (headless, as on a server without a display).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchChromium() {
  const chromeLauncher = await import('chrome-launcher')
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
    ],
  })
}
