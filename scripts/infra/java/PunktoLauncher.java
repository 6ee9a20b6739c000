import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs another main class (e.g. kafka.Kafka) and halts the JVM as soon as its standard input reaches EOF,
 * i.e. when the Node test runner that started it exits for any reason (even SIGKILL): no orphaned servers.
 * Usage: java -cp <jars>:<this dir> PunktoLauncher <main class> [args...]
 */
public final class PunktoLauncher {
  public static void main(String[] args) throws Exception {
    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // ignore input; only EOF matters
        }
      } catch (Exception ignored) {
        // a broken pipe counts as EOF
      }
      Runtime.getRuntime().halt(0);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    Method main = Class.forName(args[0]).getMethod("main", String[].class);
    main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
  }
}
