import { About } from './landing/About.tsx';
import { CallToAction } from './landing/CallToAction.tsx';
import { Features } from './landing/Features.tsx';
import { Hero } from './landing/Hero.tsx';
import { LandingFooter } from './landing/LandingFooter.tsx';
import { LandingNav } from './landing/LandingNav.tsx';
import { Pricing } from './landing/Pricing.tsx';

/** spec section 2, landing page: nav, hero, features, pricing, about, call-to-action, footer. */
export function Landing() {
  return (
    <>
      <LandingNav />
      <main>
        <Hero />
        <Features />
        <Pricing />
        <About />
        <CallToAction />
      </main>
      <LandingFooter />
    </>
  );
}
