import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: '1. Who we are and what this covers',
    body: [
      'These terms govern your use of the Rampart partner dashboard (the "Dashboard"), which lets businesses configure and monitor crypto and fiat on-ramp, off-ramp, swap and checkout products. By creating an account or signing in you accept these terms on behalf of the business you represent.',
    ],
  },
  {
    title: '2. Your account',
    body: [
      'You must give accurate information, keep your password and authenticator secret, and tell us at once if you suspect unauthorised access. You are responsible for what members of your team do in the Dashboard under the roles you give them.',
      'We may require two-factor authentication and business verification (KYB) before you can go live.',
    ],
  },
  {
    title: '3. Acceptable use',
    body: [
      'Do not use the Dashboard or the services behind it for unlawful activity, to evade sanctions or anti-money-laundering controls, to probe or disrupt our systems, or to access data you are not entitled to. We may suspend accounts that put customers, partners or the service at risk.',
    ],
  },
  {
    title: '4. Test mode and live mode',
    body: [
      'Test mode uses simulated transactions and never moves real funds. Actions in live mode can move real money and may be irreversible; check configuration such as fees, wallet addresses and webhooks before enabling live traffic.',
    ],
  },
  {
    title: '5. Data and privacy',
    body: [
      'We process personal data about your team and your customers to provide the service, meet legal obligations and prevent fraud. We keep it secure, share it only with the processors needed to run the service, and delete it when no longer needed or legally required.',
    ],
  },
  {
    title: '6. Fees and subscriptions',
    body: [
      'Fees for transactions and paid plans are shown in the Dashboard and in your agreement with us. Plans renew until cancelled; you can cancel at any time with effect from the end of the current period.',
    ],
  },
  {
    title: '7. Availability and liability',
    body: [
      'We work to keep the Dashboard available and secure but provide it "as is". To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the fees you paid us in the twelve months before the claim.',
    ],
  },
  {
    title: '8. Changes and contact',
    body: [
      'We may update these terms; we will give notice of material changes in the Dashboard or by e-mail before they take effect. Questions about these terms can be sent to legal@rampart.example.',
    ],
  },
];

export default function TermsRoute() {
  useDocumentTitle('Terms of service · Rampart');
  return (
    <article className="w-full max-w-3xl rounded-xl border bg-card px-6 py-8 shadow-sm sm:px-10">
      <h1 className="text-3xl font-semibold tracking-tight">Terms of service</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated 1 November 2025</p>
      <div className="mt-8 flex flex-col gap-7">
        {SECTIONS.map((section) => (
          <section key={section.title} className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
      <p className="mt-10 text-sm">
        <Link to={ROUTES.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </article>
  );
}
