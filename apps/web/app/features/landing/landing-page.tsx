import type { CatalogueItem } from '@prepwise/contract';
import type { PublicPostSummary } from '../blog';
import { RoadmapTeaser } from '../roadmap';
import { FeaturedTestsSection } from './featured-tests-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LatestPostsSection } from './latest-posts-section';
import { OrganizationsSection } from './organizations-section';
import { StepsSection } from './steps-section';

export function LandingPage({
  latestPosts = [],
  featuredTests = [],
}: {
  latestPosts?: PublicPostSummary[];
  featuredTests?: CatalogueItem[];
}) {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <StepsSection />
      <FeaturedTestsSection tests={featuredTests} />
      <RoadmapTeaser />
      <LatestPostsSection posts={latestPosts} />
      <OrganizationsSection />
    </>
  );
}
