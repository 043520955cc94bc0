# The accelerator chooser, one idea a module: what the workloads share (common), the three workloads (train,
# serve, retrieve), the words of a ranking row (reasons), and the calculator that picks a workload (calculator).
from .calculator import CHOOSER, chooser
from .common import RANK_BY, WORKLOADS
from .reasons import COLUMNS, columns_of, describe_row, short_reason
from .train import _FITS, FITS_KEPT, TrainFit, _train_layout, _train_setup, train_fit, train_shape

__all__ = [
    "CHOOSER",
    "COLUMNS",
    "FITS_KEPT",
    "RANK_BY",
    "WORKLOADS",
    "_FITS",
    "TrainFit",
    "_train_layout",
    "_train_setup",
    "chooser",
    "columns_of",
    "describe_row",
    "short_reason",
    "train_fit",
    "train_shape",
]
