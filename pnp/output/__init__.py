"""The last step: building games into files (``build``), writing them all or nothing
(``files``), and what is made from the written files: previews, proofs, the gallery
and the Tabletop Simulator export. Import the submodules."""
