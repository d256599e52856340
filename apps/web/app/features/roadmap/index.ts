export { ROADMAP_PATHS } from './paths';
export { RoadmapPage, type RoadmapProgress, type RoadmapTest } from './roadmap-page';
export { RoadmapTeaser } from './roadmap-teaser';
