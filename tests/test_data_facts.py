"""Pinned facts per vendor (each citing its datasheet) and sanity bounds over every chip."""

from __future__ import annotations

import pytest

from calc import CalcError
from tests.fresh_data import fresh_data

D = fresh_data()
T = 1e12


def test_nvidia_h100_sxm_dense_not_sparse() -> None:
    """H100 SXM BF16 is 989.4 TFLOP/s dense; 1,979 is the 2:4 headline (NVIDIA H100 whitepaper V1.04, Table 1)."""
    chip = D.accelerator("h100-sxm")
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(989.4 * T)
    assert chip.sparse_headline_flop_per_s["bf16"] == pytest.approx(1979 * T)
    assert chip.memory_bandwidth_bytes_per_s == pytest.approx(3.35e12)
    assert chip.tdp_w == 700


def test_nvidia_nvlink4_per_direction_vs_both() -> None:
    """NVLink 4 is 450 GB/s each way, 900 GB/s both, through NVSwitch (NVIDIA H100 product page)."""
    chip = D.accelerator("h100-sxm")
    assert chip.scale_up_per_direction_bytes_per_s == pytest.approx(450e9)
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(900e9)
    assert chip.scale_up_topology == "switch"


def test_nvidia_h800_cuts_nvlink_and_fp64() -> None:
    """H800 SXM: NVLink 400 GB/s both directions and FP64 1 TFLOP/s, H100 tensor peaks (NVIDIA H800 datasheet)."""
    chip = D.accelerator("h800-sxm")
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(400e9)
    assert chip.dense_flop_per_s["fp64"] == pytest.approx(1 * T)
    assert chip.dense_flop_per_s["bf16"] == D.accelerator("h100-sxm").dense_flop_per_s["bf16"]


def test_nvidia_h200_is_h100_with_more_memory() -> None:
    """H200 SXM: 141 GB HBM3e at 4.8 TB/s, H100 compute (NVIDIA H200 datasheet)."""
    chip = D.accelerator("h200-sxm")
    assert chip.memory_bytes == pytest.approx(141e9)
    assert chip.memory_bandwidth_bytes_per_s == pytest.approx(4.8e12)
    assert chip.dense_flop_per_s["fp8"] == D.accelerator("h100-sxm").dense_flop_per_s["fp8"]


def test_nvidia_b300_fp4_is_not_two_to_one() -> None:
    """B300 publishes FP4 at 14 dense, 18 sparse PFLOP/s, not 2:1 (NVIDIA Blackwell technical brief V2.1, Table 3)."""
    chip = D.accelerator("b300")
    assert chip.text["sparse_headline.not_doubled"] == ["fp4"]
    ratio = chip.sparse_headline_flop_per_s["fp4"] / chip.dense_flop_per_s["fp4"]
    assert 1.2 < ratio < 1.5


def test_nvidia_gb200_rack_domain() -> None:
    """GB200 NVL72: 72 GPUs in one NVLink domain at 1.8 TB/s per GPU (NVIDIA GB200 NVL72 page)."""
    chip = D.accelerator("gb200")
    assert chip.scale_up_domain_size == 72
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(1.8e12)


def test_amd_mi300x_datasheet() -> None:
    """MI300X: 192 GB HBM3, 5.3 TB/s, 1,307.4 dense BF16, 750 W (AMD MI300X datasheet)."""
    chip = D.accelerator("mi300x")
    assert chip.memory_bytes == pytest.approx(192e9)
    assert chip.memory_bandwidth_bytes_per_s == pytest.approx(5.3e12)
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(1307.4 * T)
    assert chip.tdp_w == 750


def test_amd_mi355x_has_fp4_and_less_fp64_matrix() -> None:
    """MI355X: 288 GB, 8 TB/s, ~10 PFLOP/s MXFP4 dense, 1,400 W (AMD MI355X datasheet, The Register)."""
    chip = D.accelerator("mi355x")
    assert chip.memory_bytes == pytest.approx(288e9)
    assert chip.dense_flop_per_s["fp4"] == pytest.approx(10066.4 * T)
    assert chip.tdp_w == 1400


def test_intel_gaudi3_hot_chips() -> None:
    """Gaudi 3: 1,835 TFLOP/s BF16 and FP8, 128 GB HBM2e at 3.67 TB/s, no sparse headline (Intel white paper,
    Hot Chips 2024)."""
    chip = D.accelerator("gaudi3")
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(1835 * T)
    assert chip.dense_flop_per_s["fp8"] == pytest.approx(1835 * T)
    assert chip.memory_bandwidth_bytes_per_s == pytest.approx(3.67e12)
    assert not any(chip.sparse_headline_flop_per_s.values())


def test_intel_gaudi3_scale_up_is_21_of_24_ports() -> None:
    """Gaudi 3 scale-up uses 21 of its 24 x 200 GbE ports, 3 to each of 7 peers: 525 GB/s each way, 1,050 GB/s
    both, 75 GB/s per peer; the other 3 ports (600 Gb/s) go to scale-out. Intel Gaudi documentation, "Intel Gaudi
    Network Configuration": "21*200Gbps = 21*25 GB/s = 525 GB/s unidirectional bandwidth or 1050 GB/s
    bidirectional"; "3*200Gbps = 75 GB/s in each direction"."""
    chip = D.accelerator("gaudi3")
    assert chip.scale_up_topology == "mesh"
    assert chip.scale_up_per_direction_bytes_per_s == pytest.approx(525e9)
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(1050e9)
    assert chip.scale_up_per_peer_bytes_per_s == pytest.approx(75e9)
    assert chip.scale_up_per_peer_bytes_per_s * (chip.scale_up_domain_size - 1) == pytest.approx(525e9)
    assert chip.scale_out_bits_per_s == pytest.approx(600e9)


def test_amd_mi300x_per_peer_is_a_seventh() -> None:
    """MI300X's 448 GB/s each way is 7 point-to-point Infinity Fabric links of 64 GB/s each way (16 lanes at
    32 Gb/s), one to each other GPU (AMD CDNA 3 white paper, communication section; MI300X datasheet 896 GB/s
    peak aggregate)."""
    chip = D.accelerator("mi300x")
    assert chip.scale_up_topology == "mesh"
    assert chip.scale_up_per_peer_bytes_per_s == pytest.approx(64e9)
    assert chip.scale_up_per_direction_bytes_per_s == pytest.approx(7 * 64e9)
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(896e9)


def test_google_tpu_v5p_is_a_3d_torus_of_100_gb_s_links() -> None:
    """TPU v5p: 4,800 Gbps (600 GB/s) of ICI per chip each way over the 6 links of a 3D torus, 100 GB/s per link
    (Cloud TPU v5p docs); the scaling book models 90 GB/s per link ("How to Scale Your Model", TPU chapter)."""
    chip = D.accelerator("tpu-v5p")
    assert (chip.scale_up_topology, chip.scale_up_torus_dims) == ("torus", 3)
    assert chip.scale_up_per_peer_bytes_per_s == pytest.approx(100e9)
    assert chip.scale_up_per_peer_bytes_per_s * 2 * chip.scale_up_torus_dims == pytest.approx(600e9)
    book = chip.values["scale_up.per_peer"].alternatives[0]
    assert (book["value"], book["source"]) == ("90 GB/s", "scaling-book-tpus")


def test_every_accelerator_states_its_topology() -> None:
    """Every chip names its scale-up topology; PCIe-only cards are 'none' with a domain of 1, tori give dimensions."""
    for chip in D.accelerators.values():
        assert chip.scale_up_topology in ("switch", "mesh", "torus", "ring", "none"), chip.id
        assert (chip.scale_up_topology == "none") == (chip.scale_up_domain_size == 1), chip.id
        assert (chip.scale_up_topology == "torus") == (chip.scale_up_torus_dims is not None), chip.id


def test_google_tpu_v5p_gib_and_ici() -> None:
    """TPU v5p: 95 GiB HBM, 2,765 GB/s, 459 TFLOP/s BF16, ICI 1,200 GB/s both directions (Cloud TPU v5p docs)."""
    chip = D.accelerator("tpu-v5p")
    assert chip.memory_bytes == pytest.approx(95 * 2**30)
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(459 * T)
    assert chip.values["scale_up.bidirectional"].si == pytest.approx(1200e9)


def test_google_tpu7x_ironwood() -> None:
    """TPU7x: 4,614 TFLOP/s FP8, 2,307 BF16, 192 GiB HBM, 9,216-chip pods (Cloud TPU7x docs)."""
    chip = D.accelerator("tpu7x")
    assert chip.dense_flop_per_s["fp8"] == pytest.approx(4614 * T)
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(2307 * T)
    assert chip.scale_up_domain_size == 9216


def test_aws_trainium2_neuron_docs() -> None:
    """Trainium2: 1,299 FP8 and 667 BF16 dense TFLOP/s, 96 GiB HBM (AWS Neuron Trainium2 architecture)."""
    chip = D.accelerator("trainium2")
    assert chip.dense_flop_per_s["fp8"] == pytest.approx(1299 * T)
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(667 * T)
    assert chip.memory_bytes == pytest.approx(96 * 2**30)


def test_aws_inferentia2_neuron_docs() -> None:
    """Inferentia2: 190 TFLOP/s BF16, 32 GiB at 820 GiB/s (AWS Neuron Inferentia2 architecture)."""
    chip = D.accelerator("inferentia2")
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(190 * T)
    assert chip.memory_bandwidth_bytes_per_s == pytest.approx(820 * 2**30)


def test_nvidia_rtx_5090_bf16_is_fp32_accumulate() -> None:
    """RTX 5090 dense BF16 is 209.5 TFLOP/s: GeForce Blackwell runs BF16 only with FP32 accumulate, at half the
    FP16-accumulate rate. NVIDIA RTX Blackwell GPU Architecture whitepaper V1.1, Appendix A, GeForce RTX 5090:
    "Peak FP16 Tensor TFLOPS with FP16 Accumulate 419/838", "Peak FP16/BF16 Tensor TFLOPS with FP32 Accumulate
    209.5/419"."""
    chip = D.accelerator("rtx-5090")
    assert chip.dense_flop_per_s["bf16"] == pytest.approx(209.5 * T)
    assert chip.sparse_headline_flop_per_s["bf16"] == pytest.approx(419 * T)
    assert [a["value"] for a in chip.values["compute.bf16"].alternatives] == ["419 TFLOP/s"]
    assert chip.dense_flop_per_s["fp8"] == pytest.approx(419 * T)  # FP8 with FP32 accumulate
    assert chip.dense_flop_per_s["fp4"] == pytest.approx(1676 * T)  # no halving for FP4


def test_consumer_and_pro_compare_like_with_like() -> None:
    """All three GB202/AD102 rows are FP32-accumulate peaks: RTX 4090 165.2 (Ada whitepaper, Appendix A), RTX 5090
    209.5, RTX PRO 6000 503.8 at full rate (RTX Blackwell PRO whitepaper, Table 4)."""
    bf16 = {key: D.accelerator(key).dense_flop_per_s["bf16"] / T for key in ("rtx-4090", "rtx-5090", "rtx-pro-6000")}
    assert bf16 == pytest.approx({"rtx-4090": 165.2, "rtx-5090": 209.5, "rtx-pro-6000": 503.8})


def test_consumer_rtx_4090_fp64_contrast() -> None:
    """RTX 4090: 24 GB, 1,008 GB/s, FP64 1.29 TFLOP/s (1/64 of FP32), no NVLink (NVIDIA Ada whitepaper v2.1,
    Appendix A; CUDA C++ Programming Guide throughput table)."""
    chip = D.accelerator("rtx-4090")
    assert chip.memory_bytes == pytest.approx(24e9)
    assert chip.dense_flop_per_s["fp64"] == pytest.approx(1.29 * T)
    assert chip.scale_up_domain_size == 1
    assert chip.category == "consumer"


# Sanity bounds keyed by category: (memory GB, bandwidth TB/s, TDP W, BF16 ridge FLOP/byte)
BOUNDS = {
    "datacenter": ((16, 300), (0.5, 10), (150, 1500), (50, 1000)),
    "workstation": ((16, 128), (0.5, 3), (150, 700), (50, 1500)),
    "consumer": ((8, 48), (0.3, 3), (100, 700), (50, 1000)),
}


@pytest.mark.parametrize("chip_id", sorted(D.accelerators))
def test_sanity_bounds(chip_id: str) -> None:
    """Memory, bandwidth, power and the BF16 ridge point are physically plausible for each chip."""
    chip = D.accelerators[chip_id]
    (mem_lo, mem_hi), (bw_lo, bw_hi), (w_lo, w_hi), (ridge_lo, ridge_hi) = BOUNDS[chip.category]
    assert mem_lo <= chip.memory_bytes / 1e9 <= mem_hi
    assert bw_lo <= chip.memory_bandwidth_bytes_per_s / 1e12 <= bw_hi
    if chip.tdp_w is not None:
        assert w_lo <= chip.tdp_w <= w_hi
    bf16 = chip.dense_flop_per_s["bf16"]
    if bf16:
        assert ridge_lo <= bf16 / chip.memory_bandwidth_bytes_per_s <= ridge_hi
    dense = [v for v in chip.dense_flop_per_s.values() if v]
    assert all(1e11 <= v <= 3e16 for v in dense)


@pytest.mark.parametrize("chip_id", sorted(D.accelerators))
def test_sparse_headline_never_below_dense(chip_id: str) -> None:
    """A sparse headline is at least the dense figure for the same format."""
    chip = D.accelerators[chip_id]
    for dtype, headline in chip.sparse_headline_flop_per_s.items():
        dense = chip.dense_flop_per_s.get(dtype)
        if headline and dense:
            assert headline >= dense


def test_models_pinned() -> None:
    """Llama 3 70B: 80 layers, 8 KV heads (Llama 3 model card); DeepSeek-V3: MLA rank 512, 37B active (V3 report)."""
    llama = D.model("llama-3-70b")
    assert (llama.layers, llama.kv_heads, llama.head_dim, llama.attention) == (80, 8, 128, "gqa")
    deepseek = D.model("deepseek-v3")
    assert (deepseek.attention, deepseek.kv_lora_rank, deepseek.rope_head_dim) == ("mla", 512, 64)
    assert deepseek.active_params == pytest.approx(37e9)
    assert D.model("mistral-7b").window == 4096
    assert D.model("gpt-3-175b").kv_heads == D.model("gpt-3-175b").attention_heads


def test_embedding_tables_and_experts_pinned() -> None:
    """config.json: Llama 3 8B has a 128,256-token vocabulary and an untied output head (1.05 GB per table in
    BF16); Mixtral 8x7B routes each token to 2 of 8 experts, DeepSeek-V3 to 8 of 256; GPT-2 (and so GPT-3) ties
    its output head to the input embedding."""
    llama = D.model("llama-3-8b")
    assert (llama.vocab_size, llama.tied_embeddings) == (128_256, False)
    assert llama.vocab_size * llama.hidden_size * 2 == pytest.approx(1.05e9, rel=0.01)
    assert (D.model("mixtral-8x7b").experts, D.model("mixtral-8x7b").experts_per_token) == (8, 2)
    assert (D.model("deepseek-v3").experts, D.model("deepseek-v3").experts_per_token) == (256, 8)
    assert D.model("gpt-3-175b").tied_embeddings is True
    assert all(model.vocab_size for model in D.models.values())


def test_model_lookup_error_lists_ids() -> None:
    """An unknown model id raises CalcError naming the known ids."""
    with pytest.raises(CalcError, match="llama-3-8b"):
        D.model("llama-9")


def test_economics_defaults() -> None:
    """Economics carries a price range per priced chip, electricity, PUE and grid carbon (EIA, Uptime, Ember)."""
    economics = D.economics
    assert economics is not None
    price = economics.price("h100-sxm")
    assert price.low <= price.typical <= price.high
    assert economics.pue.typical == pytest.approx(1.56)
    assert economics.grid_carbon_g_per_kwh.typical == pytest.approx(436)
    unpriced = [chip for chip in D.accelerators if chip not in economics.accelerator_hour_usd]
    assert unpriced, "every chip has a price: the missing-price error is not exercised"
    with pytest.raises(CalcError):
        economics.price(unpriced[0])
