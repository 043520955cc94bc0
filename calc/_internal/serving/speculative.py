# Speculative decoding, a draft model proposing tokens that the target verifies: tokens per step, the speedup,
# and the best number of drafts.
from __future__ import annotations

from ..errors import check_number
from ..fields import (
    Calculator,
    Field,
)
from ..messages import text
from ..results import Result, Scalar, Step, step


def expected_tokens_per_step(*, acceptance: float, draft_tokens: float) -> float:
    """Tokens one speculative step yields: (1 − α^(γ+1)) / (1 − α), γ + 1 when every draft is accepted (α = 1).

    Source: Leviathan, Kalman & Matias (2023), "Fast Inference from Transformers via Speculative Decoding",
    §3.1, Equation (1). Example: α = 0.75, γ = 7: (1 − 0.75⁸)/0.25 = 3.60 tokens per target-model step.
    """
    a = check_number("acceptance", acceptance)
    g = check_number("draft_tokens", draft_tokens, low=0, high=1e3, integer=True)
    return g + 1.0 if a == 1.0 else (1.0 - a ** (g + 1)) / (1.0 - a)


def speculative_speedup(*, acceptance: float, draft_tokens: float, draft_cost: float) -> float:
    """Expected wall-time speedup of speculative decoding: (1 − α^(γ+1)) / ((1 − α)(γc + 1)).

    Source: Leviathan et al. (2023), Theorem 3.8 (c is the draft model's step time over the target's).
    Corollary 3.9: at γ = 1 it is (1 + α)/(1 + c). Example: α = 0.75, γ = 7, c = 0.05: 3.60 / 1.35 = 2.67.
    """
    c = check_number("draft_cost", draft_cost)
    tokens = expected_tokens_per_step(acceptance=acceptance, draft_tokens=draft_tokens)
    return tokens / (draft_tokens * c + 1.0)


def best_draft_tokens(*, acceptance: float, draft_cost: float, most: int = 64) -> int:
    """The number of drafted tokens γ (0 to `most`) that maximizes `speculative_speedup`; 0 means do not speculate.

    Source: Leviathan et al. (2023), §3.5 (choosing γ; Figure 3). With c ≥ α no γ helps (Corollary 3.9).
    Example: α = 0.75, c = 0.05 → γ = 7 (speedup 2.666; γ = 6 gives 2.666 too, 1e-4 less).
    """
    speedups = [
        speculative_speedup(acceptance=acceptance, draft_tokens=g, draft_cost=draft_cost) for g in range(most + 1)
    ]
    return max(range(most + 1), key=lambda g: (speedups[g], -g))


def speculative(*, acceptance: float, draft_tokens: float, draft_cost: float) -> Result:
    """Speculative decoding: tokens per target-model step, the wall-time speedup, and the best number of drafts.

    Parameters:
        acceptance: α, the chance the target model accepts a drafted token (0–1).
        draft_tokens: γ, tokens the draft model proposes per step.
        draft_cost: c, one draft-model step's time over one target-model step's.

    Returns:
        Result with all_accepted (α^γ), expected_tokens_per_step, speedup, best_draft_tokens and best_speedup.
        Source: Leviathan, Kalman & Matias (2023), Equation (1), Theorem 3.8 and §3.5.

    Raises:
        CalcError: a value outside its range.
    """
    a = check_number("acceptance", acceptance)
    g = check_number("draft_tokens", draft_tokens)
    c = check_number("draft_cost", draft_cost)
    tokens = expected_tokens_per_step(acceptance=a, draft_tokens=g)
    speedup = speculative_speedup(acceptance=a, draft_tokens=g, draft_cost=c)
    best = best_draft_tokens(acceptance=a, draft_cost=c)
    best_speedup = speculative_speedup(acceptance=a, draft_tokens=best, draft_cost=c)
    best_tokens = expected_tokens_per_step(acceptance=a, draft_tokens=best)
    speed = r"S = \frac{E}{\gamma c + 1}"
    steps = [
        *_tokens_steps(a, g, tokens),
        step(
            "speedup", text("speculative.step.speedup"), speed, "{E} / ({g} × {c} + 1)", speedup, "", E=tokens, g=g, c=c
        ),
        step(
            "best_speedup",
            text("speculative.step.best", best=float(best)),
            r"S(\gamma^*) = \max_{0 \le \gamma \le 64} S(\gamma)",
            "{E} / ({g} × {c} + 1)",
            best_speedup,
            "",
            E=best_tokens,
            g=float(best),
            c=c,
        ),
    ]
    quantities: dict[str, Scalar] = {"all_accepted": a**g, "expected_tokens_per_step": tokens, "speedup": speedup}
    quantities.update(best_draft_tokens=best, best_speedup=best_speedup)
    notes = [text("speculative.note.no_gain")] if best == 0 else []
    return Result(calculator="speculative", quantities=quantities, steps=steps, notes=notes)


def _tokens_steps(a: float, g: float, tokens: float) -> list[Step]:
    """Tokens per target step: γ + 1 when every draft is accepted, else the chance all are and the expectation."""
    if a == 1.0:
        return [
            step(
                "expected_tokens_per_step",
                text("speculative.step.tokens_all"),
                r"E = \gamma + 1",
                "{g} + 1",
                tokens,
                "",
                g=g,
            )
        ]
    return [
        step("all_accepted", text("speculative.step.all_accepted"), r"\alpha^\gamma", "{p}", a**g, "", p=a**g),
        step(
            "expected_tokens_per_step",
            text("speculative.step.tokens"),
            r"E = \frac{1 - \alpha^{\gamma+1}}{1 - \alpha}",
            "(1 − {a} × {p}) / (1 − {a})",
            tokens,
            "",
            a=a,
            p=a**g,
        ),
    ]


SPECULATIVE = Calculator(
    name="speculative",
    fields=(
        Field(
            "acceptance",
            default="0.75",
        ),
        Field(
            "draft_tokens",
            default="7",
        ),
        Field(
            "draft_cost",
            default="0.05",
        ),
    ),
    function=speculative,
    units={
        "all_accepted": "",
        "expected_tokens_per_step": "",
        "speedup": "",
        "best_draft_tokens": "",
        "best_speedup": "",
    },
    headline=("expected_tokens_per_step", "speedup", "best_draft_tokens", "best_speedup"),
)
