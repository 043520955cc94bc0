# A mixture of experts' routing under a capacity limit: the expert capacity, the work a capacity-based
# implementation pads every expert to, and the share of token-expert assignments it drops.
from __future__ import annotations

import math

from ..errors import check_number

# Above this mean load the exact tail sum would run to thousands of terms. The normal approximation is exact to
# 10⁻⁹ at the mean there (C = 1) and a few per cent off three standard deviations out, where the Poisson's skew,
# 1/√λ, shows; by then the share is under 10⁻⁶.
NORMAL_ABOVE = 1e5
_NEGLIGIBLE = 1e-17  # a term this small against the running sum no longer moves it


def dropped_token_share(*, tokens_per_expert: float, capacity_factor: float) -> float:
    """Expected share of token-expert assignments over an expert's capacity: E[max(0, X − Cλ)] / λ, X ~ Poisson(λ).

    Model, not measurement: a balanced router that sends each of T tokens to k of E experts at random gives each
    expert a load X ~ Binomial(T·k, 1/E), about Poisson with mean λ = T·k/E (`tokens_per_expert`) when E is large.
    An expert keeps up to its capacity C·λ (Fedus, Zoph & Shazeer 2022, "Switch Transformers", JMLR, §2.2:
    expert capacity = tokens per batch / number of experts × capacity factor) and drops the rest; the share
    dropped is the expected overflow over the expected load. A trained router is less even than random (its
    auxiliary loss fights imbalance, but popular experts remain), so real drops can be higher.

    The overflow sums (x − Cλ)·P(X = x) upward from the first x above Cλ, the first term's log from lgamma and
    each next one from the last (P(x + 1) = P(x)·λ/(x + 1)), until a term no longer moves the sum. Above
    λ = 10⁵ it uses the normal approximation N(λ, λ): E[max(0, X − c)] = σ·φ(z) − (c − λ)·(1 − Φ(z)),
    σ = √λ, z = (c − λ)/σ.

    Example: λ = 2, C = 1: E[max(0, X − 2)] = E[X] − 2 + 2·P(0) + 1·P(1) = 2e⁻² + 2e⁻² = 4e⁻² = 0.541, a
    share of 0.541 / 2 = 0.271; with λ = 1, C = 1 the overflow is e⁻¹ and the share 0.368.
    """
    lam = check_number("tokens_per_expert", tokens_per_expert)
    factor = check_number("capacity_factor", capacity_factor)
    return expected_overflow(lam, factor * lam) / lam


def expected_overflow(lam: float, capacity: float) -> float:
    """E[max(0, X − capacity)] for X ~ Poisson(lam) (`dropped_token_share`'s sum or its normal approximation)."""
    if lam > NORMAL_ABOVE:
        sigma = math.sqrt(lam)
        z = (capacity - lam) / sigma
        density = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
        return max(0.0, sigma * density - (capacity - lam) * 0.5 * math.erfc(z / math.sqrt(2)))
    x = math.floor(capacity) + 1
    p = math.exp(-lam + x * math.log(lam) - math.lgamma(x + 1))
    total = 0.0
    while p > 0.0:
        term = (x - capacity) * p
        total += term
        if x > lam and term <= _NEGLIGIBLE * total:
            break
        x += 1
        p *= lam / x
    return total


def routed_copies(experts_per_token: int, shared_experts: int, capacity_factor: float | None) -> float:
    """The expert MLPs one token's work counts in an MoE layer: k routed plus the shared ones, the routed ones
    padded to capacity, C·k + shared, with a capacity factor C.

    A capacity-based implementation pads every expert's buffer to its capacity C·T·k/E (Fedus, Zoph & Shazeer
    2022, §2.2: "If too many tokens are routed to an expert ... computation is skipped"; the buffers are fixed
    at the capacity), so each routed expert's matmuls run on C times its balanced tokens, the dispatch and combine
    all-to-alls move C times the balanced bytes, and the dispatch buffers hold C times the balanced activations.
    Without a capacity factor routing is dropless (DeepSeek-V3 report, §2.1.2, "No Token-Dropping": "DeepSeek-V3 does not drop any
    tokens during training"), and each expert's work is its balanced share. Example: k = 8, one shared expert,
    C = 1.25: 11 expert MLPs per token.
    """
    routed = float(experts_per_token) * (capacity_factor if capacity_factor is not None else 1.0)
    return routed + float(shared_experts)
