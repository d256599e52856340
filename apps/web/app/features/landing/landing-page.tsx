import type { PublicPostSummary } from '../blog';
import { RoadmapTeaser } from '../roadmap';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LatestPostsSection } from './latest-posts-section';
import { OrganizationsSection } from './organizations-section';
import { StepsSection } from './steps-section';

export function LandingPage({ latestPosts = [] }: { latestPosts?: PublicPostSummary[] }) {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <StepsSection />
      <RoadmapTeaser />
      <LatestPostsSection posts={latestPosts} />
      <OrganizationsSection />
    </>
  );
}
