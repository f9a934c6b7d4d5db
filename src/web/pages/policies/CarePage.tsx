import { COLOUR_TEXTS } from "@shared/colour-texts";
import { LED_RATED_HOURS, RETURN_WINDOW_DAYS } from "@shared/shipping";
import { Link } from "@web/app/routing";
import { PolicyLayout, PolicySection } from "./PolicyLayout";

export function CarePage() {
  return (
    <PolicyLayout
      title="Care Guide"
      intro="A lithophane is easy to look after. A little care keeps the panel crisp and the light warm for many years."
      highlights={[
        { label: "Clean with", value: "Dry microfibre" },
        { label: "Never use", value: "Solvents" },
        { label: "PLA softens at about", value: "55°C" },
        { label: "LED rated for", value: `${LED_RATED_HOURS} hours` },
      ]}
    >
      <PolicySection id="cleaning" title="Cleaning the panel">
        <ul>
          <li>
            Dust the panel and frame gently with a <strong>soft, dry microfibre cloth</strong>. Work along the
            surface rather than pressing into it: the relief is what makes the picture.
          </li>
          <li>For stubborn dust in the fine detail, a soft make-up brush or a puff of air works well.</li>
          <li>
            <strong>Never use solvents</strong>, alcohol, glass cleaner or polish. They can cloud or craze the
            printed plastic. If you must, use a barely damp cloth with plain water on the frame only, and dry
            it straight away.
          </li>
          <li>Switch the light off and unplug it before cleaning.</li>
        </ul>
      </PolicySection>

      <PolicySection id="placement" title="Where to put it">
        <ul>
          <li>
            <strong>Keep it out of direct sunlight and away from heat.</strong> The panel is printed in PLA,
            which starts to soften at around 55°C. A sunny windowsill, a car on a warm day, or a spot beside a
            radiator, stove or fire can warp it.
          </li>
          <li>Keep it indoors and dry: not in bathrooms, conservatories or anywhere it might get wet.</li>
          <li>
            Stand it on a flat, stable surface where it cannot be knocked over, and run the cable where nobody
            will trip on it.
          </li>
          <li>
            A lithophane looks its best in a softly lit room: the darker the room, the more detail you will
            see.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="light" title="The light">
        <p>
          The LEDs are rated for {LED_RATED_HOURS} hours, which is many years of everyday use, and they stay
          cool to the touch. Use the power supply that came with your lightbox, and do not open the case or
          swap in other lights: a different colour or brightness will change how your picture looks.
        </p>
      </PolicySection>

      <PolicySection id="colour" title={COLOUR_TEXTS.care.title}>
        <ul>
          {COLOUR_TEXTS.care.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </PolicySection>

      <PolicySection id="moving" title="Moving or storing it">
        <p>
          Hold the lightbox by its frame, not the panel. If you are moving house or storing it, wrap it in
          soft paper or bubble wrap and keep it upright in a cool, dry place. The original box is ideal.
        </p>
      </PolicySection>

      <PolicySection id="help" title="If something goes wrong">
        <p>
          If your panel is damaged in transit or the light stops working, we are here to help. Within{" "}
          {RETURN_WINDOW_DAYS} days you are covered by our money-back guarantee, and a faulty light is always
          put right. See <Link to="/returns">returns and refunds</Link> or{" "}
          <Link to="/contact">get in touch</Link>.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
