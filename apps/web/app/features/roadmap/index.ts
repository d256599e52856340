export { ROADMAP_PATHS } from './paths';
export { RoadmapPage, RoadmapTeaser } from './roadmap-page';
