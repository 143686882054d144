// Registers shared scenarios as Deno tests against one local service, which the last
// test stops.
export function registerScenarios(scenarios, ctx, service, prefix = '') {
  scenarios.forEach(([name, scenario], index) => {
    Deno.test({
      name: `${prefix}${name}`,
      // The service runs for the whole file: its child process and sockets outlive each test.
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        try {
          await ctx.beforeEach();
          await scenario(ctx);
        } finally {
          if (index === scenarios.length - 1) await service.close();
        }
      },
    });
  });
}
