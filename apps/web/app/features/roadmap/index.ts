export { ROADMAP_PATHS } from './paths';
export { RoadmapPage } from './roadmap-page';
export { RoadmapTeaser } from './roadmap-teaser';
