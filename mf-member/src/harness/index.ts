// Async boundary (TOOLCHAIN.md pitfall 2): shared modules resolve before the harness runs.
void import('./bootstrap');
