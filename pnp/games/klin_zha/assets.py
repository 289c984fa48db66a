def kit_assets(kit, opts):
    return []
