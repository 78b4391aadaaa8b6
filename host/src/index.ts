// Async boundary (TOOLCHAIN.md pitfall 2): the shared singletons resolve before the app runs.
void import('./bootstrap');
