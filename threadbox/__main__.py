import sys

from threadbox.cli import main

sys.exit(main())
