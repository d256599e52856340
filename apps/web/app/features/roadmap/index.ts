export { ROADMAP_PATHS } from './paths';
export { RoadmapPage, type RoadmapProgress, RoadmapTeaser, type RoadmapTest } from './roadmap-page';
