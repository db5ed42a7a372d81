from mathlsp.cli import main

raise SystemExit(main())
