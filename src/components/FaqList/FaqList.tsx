import type { PublicFaq } from '../../server/services/service-catalog.ts';
import * as styles from './FaqList.css.ts';

/** An answer's paragraphs: the owner parts them with a blank line. */
function paragraphsOf(answer: string): string[] {
  return answer
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * Questions and answers as plain visible text, which every reader and search engine reads without a
 * click. Nothing when there are none.
 */
export function FaqList({
  faqs,
  title = 'Frequently Asked Questions',
  className,
}: {
  faqs: readonly Pick<PublicFaq, 'id' | 'question' | 'answer'>[];
  title?: string;
  className?: string;
}) {
  if (!faqs.length) return null;
  const titleId = 'faq-title';
  return (
    <section
      className={className ? `${styles.section} ${className}` : styles.section}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <dl className={styles.list}>
        {faqs.map((faq) => (
          <div key={faq.id}>
            <dt className={styles.question}>{faq.question}</dt>
            {paragraphsOf(faq.answer).map((paragraph, index) => (
              <dd key={index} className={styles.answer}>
                {paragraph}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
