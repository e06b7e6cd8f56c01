// Placeholder until the module's issue lands.
