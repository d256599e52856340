import { DICTATION_KEYS } from '@prepwise/contract';
import { data } from 'react-router';
import { AttemptOpenNotice, DictationExercisePage } from '../../../features/dictation/exercise-page';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import type { Route } from './+types/dictation-exercise';

export const handle = i18nHandle('dictation');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id;
  const response = await server(context.api).get('/public/dictation/{id}', { path: { id } });
  if (response.status === 404 || response.status === 422) throw data(null, { status: 404 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'dictation');
  if (response.status === 409) {
    // The learner's open attempt holds this transcript: point them back to their test.
    const list = await server(context.api).get('/public/dictation');
    const found = list.ok ? list.body.result.items.find((item) => item.id === params.id) : undefined;
    return {
      held: { key: DICTATION_KEYS.attemptOpen, testSlug: found?.test.slug ?? null },
      exercise: null,
      seo: null,
    };
  }
  if (!response.ok) throw data(null, { status: 500 });
  const exercise = response.body.result;
  const part = locale === 'en' ? t('list.part', { position: exercise.part.position }) : exercise.part.name;
  const questions = t('list.questions', { first: exercise.first_question, last: exercise.last_question });
  return {
    held: null,
    exercise: {
      id: exercise.id,
      part,
      questions,
      test: exercise.test,
      sentences: exercise.sentences,
    },
    seo: buildSeo(request, locale, {
      path: `/dictation/${exercise.id}`,
      title: t('exercise.metaTitle', {
        part,
        first: exercise.first_question,
        last: exercise.last_question,
      }),
      description: t('exercise.metaDescription', {
        count: exercise.sentence_count,
        part,
        test: exercise.test.title,
      }),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData?.seo ? seoMeta(loaderData.seo) : []);

export default function DictationExerciseRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.exercise) return <AttemptOpenNotice testSlug={loaderData.held?.testSlug ?? null} />;
  // A new exercise starts afresh (client navigation between two exercises).
  return <DictationExercisePage key={loaderData.exercise.id} exercise={loaderData.exercise} />;
}
