import sys

from calc._internal.cli import main

sys.exit(main())
