from scorepad.cli.main import main

raise SystemExit(main())
