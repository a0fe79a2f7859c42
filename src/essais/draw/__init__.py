"""Drawing primitives every problem draws itself with: text for a terminal (`terminal`). They
import no problem package: each problem's own `draw` module composes them."""
