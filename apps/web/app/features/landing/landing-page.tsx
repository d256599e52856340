import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { OrganizationsSection } from './organizations-section';
import { StepsSection } from './steps-section';

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <StepsSection />
      <OrganizationsSection />
    </>
  );
}
