import { type ServiceSlug } from '../../../src/shared/images.ts';
import { filtration } from './filtration.ts';
import { type Scene } from './gallery-size.ts';
import { residential } from './residential.ts';
import { sewer } from './sewer.ts';
import { tankless } from './tankless.ts';
import { underground } from './underground.ts';
import { waterHeaterScenes } from './water-heater.ts';

export const galleryScenes: Readonly<Record<ServiceSlug, readonly Scene[]>> = {
  'residential-plumbing': residential,
  'sewer-drain': sewer,
  'filtration-system': filtration,
  'underground-plumbing': underground,
  'water-heater': waterHeaterScenes,
  'tankless-water': tankless,
};
