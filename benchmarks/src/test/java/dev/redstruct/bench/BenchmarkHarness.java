package dev.redstruct.bench;

import dev.redstruct.bench.report.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs JMH benchmark methods once, outside JMH, the way a JMH fork would set them up:
 * {@code @Param} fields get a value, {@code @Setup} methods run per level (trial, iteration,
 * invocation), the method is called with its {@code @State} and {@link Blackhole} arguments, then
 * {@code @TearDown}. Each call gets fresh state objects, so one variant's mutations cannot leak
 * into another's result.
 *
 * <p>Not supported (the harness fails with a message naming them): {@code @Setup} or benchmark
 * parameters of JMH's infrastructure types other than {@code Blackhole} ({@code BenchmarkParams},
 * {@code Control}, ...), and {@code @Group} benchmarks.
 */
final class BenchmarkHarness {
  private static final String BLACKHOLE_PASSWORD =
      "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

  private BenchmarkHarness() {}

  /** Every concrete class under {@code dev.redstruct.bench} that declares {@code @Benchmark}s. */
  static List<Class<?>> benchmarkClasses() {
    Path root = classesRoot();
    Path dir = root.resolve("dev/redstruct/bench");
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String rel = root.relativize(f).toString().replace('\\', '/');
        if (!rel.endsWith(".class") || rel.contains("jmh_generated")) {
          continue;
        }
        Class<?> c = load(rel.substring(0, rel.length() - 6).replace('/', '.'));
        if (!Modifier.isAbstract(c.getModifiers()) && !benchmarkMethods(c).isEmpty()) {
          classes.add(c);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    classes.sort(Comparator.comparing(Class::getName));
    return classes;
  }

  private static Path classesRoot() {
    try {
      return Path.of(Report.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, BenchmarkHarness.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The class's {@code @Benchmark} methods, inherited ones included, sorted by name. */
  static List<Method> benchmarkMethods(Class<?> c) {
    List<Method> methods = new ArrayList<>();
    for (Method m : c.getMethods()) {
      if (m.isAnnotationPresent(Benchmark.class)) {
        methods.add(m);
      }
    }
    methods.sort(Comparator.comparing(Method::getName));
    return methods;
  }

  /**
   * The {@code @Param} fields reachable from the benchmark class and its methods' state arguments,
   * with their declared values, by parameter name.
   */
  static Map<String, List<String>> paramSpace(Class<?> benchClass) {
    Map<String, List<String>> space = new LinkedHashMap<>();
    for (Class<?> s : stateClosure(benchClass)) {
      for (Field f : allFields(s)) {
        Param p = f.getAnnotation(Param.class);
        if (p != null) {
          space.putIfAbsent(f.getName(), declaredValues(f, p));
        }
      }
    }
    return space;
  }

  /**
   * The benchmark class, the {@code @State} classes its benchmark methods take, and those their
   * {@code @Setup}/{@code @TearDown} methods take, in discovery order (dependents first).
   */
  static List<Class<?>> stateClosure(Class<?> benchClass) {
    List<Class<?>> states = new ArrayList<>();
    states.add(benchClass);
    for (int i = 0; i < states.size(); i++) {
      Class<?> s = states.get(i);
      List<Method> methods = new ArrayList<>(i == 0 ? benchmarkMethods(s) : List.of());
      for (Class<?> k = s; k != null && k != Object.class; k = k.getSuperclass()) {
        for (Method m : k.getDeclaredMethods()) {
          if (m.isAnnotationPresent(Setup.class) || m.isAnnotationPresent(TearDown.class)) {
            methods.add(m);
          }
        }
      }
      for (Method m : methods) {
        for (Class<?> p : m.getParameterTypes()) {
          if (p.isAnnotationPresent(State.class) && !states.contains(p)) {
            states.add(p);
          }
        }
      }
    }
    return states;
  }

  /** All combinations of {@code space}, or only the first value of each. */
  static List<Map<String, String>> combinations(Map<String, List<String>> space, boolean all) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Map.Entry<String, List<String>> e : space.entrySet()) {
      List<String> values = all ? e.getValue() : e.getValue().subList(0, 1);
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> partial : out) {
        for (String v : values) {
          Map<String, String> m = new LinkedHashMap<>(partial);
          m.put(e.getKey(), v);
          next.add(m);
        }
      }
      out = next;
    }
    return out;
  }

  private static List<String> declaredValues(Field f, Param p) {
    String[] values = p.value();
    if (values.length == 1 && values[0].equals(Param.BLANK_ARGS)) {
      Class<?> t = f.getType();
      if (t.isEnum()) {
        return Arrays.stream(t.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList();
      }
      if (t == boolean.class || t == Boolean.class) {
        return List.of("false", "true");
      }
      throw new IllegalStateException("@Param without values on " + f + ": give it values");
    }
    return List.of(values);
  }

  /**
   * Calls {@code method} once on fresh state with the given parameter values.
   *
   * @return what the method returned ({@code null} for {@code void})
   * @throws Throwable what the benchmark, a setup or a teardown threw
   */
  static Object invokeOnce(Method method, Map<String, String> params) throws Throwable {
    Run run = new Run(params);
    List<Object> states = new ArrayList<>();
    for (Class<?> c : stateClosure(method.getDeclaringClass())) {
      states.add(0, run.state(c)); // dependencies are set up before the states that use them
    }
    Object target = run.state(method.getDeclaringClass());
    Object[] args = run.arguments(method);
    try {
      for (Level level : Level.values()) {
        for (Object s : states) {
          run.callAnnotated(s, Setup.class, level);
        }
      }
      return invoke(method, target, args);
    } finally {
      for (int i = Level.values().length - 1; i >= 0; i--) {
        for (Object s : states) {
          run.callAnnotated(s, TearDown.class, Level.values()[i]);
        }
      }
    }
  }

  private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
    try {
      m.setAccessible(true);
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static List<Field> allFields(Class<?> c) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      fields.addAll(Arrays.asList(k.getDeclaredFields()));
    }
    return fields;
  }

  /** Fresh state objects for one call, created on demand and shared within the call. */
  private static final class Run {
    private final Map<String, String> params;
    private final Map<Class<?>, Object> states = new LinkedHashMap<>();

    Run(Map<String, String> params) {
      this.params = params;
    }

    Object state(Class<?> c) throws ReflectiveOperationException {
      Object s = states.get(c);
      if (s == null) {
        Constructor<?> ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        s = ctor.newInstance();
        states.put(c, s);
        assignParams(s);
      }
      return s;
    }

    private void assignParams(Object s) throws IllegalAccessException {
      for (Field f : allFields(s.getClass())) {
        if (f.isAnnotationPresent(Param.class)) {
          f.setAccessible(true);
          f.set(s, convert(f.getType(), params.get(f.getName()), f));
        }
      }
    }

    Object[] arguments(Method m) throws ReflectiveOperationException {
      Class<?>[] types = m.getParameterTypes();
      Object[] args = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        if (types[i] == Blackhole.class) {
          args[i] = new Blackhole(BLACKHOLE_PASSWORD);
        } else if (types[i].isAnnotationPresent(State.class)) {
          args[i] = state(types[i]);
        } else {
          throw new IllegalStateException(
              "harness cannot supply " + types[i].getName() + " to " + m);
        }
      }
      return args;
    }

    /** Calls the state's methods annotated {@code kind} (Setup or TearDown) at {@code level}. */
    void callAnnotated(Object s, Class<? extends java.lang.annotation.Annotation> kind, Level level)
        throws Throwable {
      List<Method> methods = new ArrayList<>();
      for (Class<?> k = s.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
        for (Method m : k.getDeclaredMethods()) {
          if (m.isAnnotationPresent(kind) && levelOf(m, kind) == level) {
            methods.add(0, m); // superclass setups first, as JMH does
          }
        }
      }
      for (Method m : methods) {
        invoke(m, s, arguments(m));
      }
    }

    private static Level levelOf(Method m, Class<? extends java.lang.annotation.Annotation> kind) {
      return kind == Setup.class
          ? m.getAnnotation(Setup.class).value()
          : m.getAnnotation(TearDown.class).value();
    }
  }

  private static Object convert(Class<?> t, String v, Field f) {
    if (v == null) {
      throw new IllegalStateException("no value for @Param " + f);
    }
    if (t == String.class) {
      return v;
    } else if (t == int.class || t == Integer.class) {
      return Integer.valueOf(v);
    } else if (t == long.class || t == Long.class) {
      return Long.valueOf(v);
    } else if (t == double.class || t == Double.class) {
      return Double.valueOf(v);
    } else if (t == float.class || t == Float.class) {
      return Float.valueOf(v);
    } else if (t == short.class || t == Short.class) {
      return Short.valueOf(v);
    } else if (t == byte.class || t == Byte.class) {
      return Byte.valueOf(v);
    } else if (t == boolean.class || t == Boolean.class) {
      return Boolean.valueOf(v);
    } else if (t == char.class || t == Character.class) {
      return v.charAt(0);
    } else if (t.isEnum()) {
      return enumValue(t, v);
    }
    throw new IllegalStateException("unsupported @Param type " + t + " on " + f);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumValue(Class<?> t, String v) {
    return Enum.valueOf((Class) t, v);
  }
}
