"""Reading game data: YAML with line marks (:mod:`.loader`), spreadsheets (:mod:`.tables`)
and positioned errors (:mod:`.errors`). Import the submodules; this package stays empty so
``pnp --help`` loads none of them."""
