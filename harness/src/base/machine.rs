//! The machine a run happens on: CPU identity, caches, features, OS, and whether the process
//! is emulated (in which case timings mean nothing and no record is written).

use serde::{Deserialize, Serialize};

/// What the record says about the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    pub cpu: CpuIdentity,
    pub os: String,
    pub arch: String,
    pub logical_cpus: usize,
    /// Set when the process runs under an emulator (qemu-user, Rosetta): how it was detected.
    pub emulated: Option<String>,
    /// Whether the CPU reports a hypervisor (a virtual machine, whose host other guests may
    /// share): the `hypervisor` flag of Linux's /proc/cpuinfo. `None` where unknown: other
    /// systems, and records made before it was recorded.
    #[serde(default)]
    pub virtual_machine: Option<bool>,
}

/// The CPU: vendor, brand, family/model/stepping, features and caches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CpuIdentity {
    pub vendor: String,
    pub brand: String,
    pub family: Option<u32>,
    pub model: Option<u32>,
    pub stepping: Option<u32>,
    /// SIMD and bit-manipulation features detected at run time (not masked).
    pub features: Vec<String>,
    pub caches: Vec<Cache>,
    /// Where the identity came from (`cpuid`, `/proc/cpuinfo`, `sysfs`, `sysctl`).
    pub source: String,
}

/// One cache level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cache {
    pub level: u8,
    /// `data`, `instruction` or `unified`.
    pub kind: String,
    pub size_bytes: u64,
    /// Ways, where known (what a cache simulation of this CPU needs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub associativity: Option<u32>,
    /// Line size in bytes, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_bytes: Option<u32>,
}

impl CpuIdentity {
    /// The data (or unified) cache size of `level`, if known.
    pub fn data_cache(&self, level: u8) -> Option<u64> {
        self.caches
            .iter()
            .find(|c| c.level == level && c.kind != "instruction")
            .map(|c| c.size_bytes)
    }

    /// The data (or unified) cache of `level`, if known.
    pub fn data_cache_of(&self, level: u8) -> Option<&Cache> {
        self.caches
            .iter()
            .find(|c| c.level == level && c.kind != "instruction")
    }

    /// The microarchitecture, where the vendor, family and model name it unambiguously.
    pub fn microarchitecture(&self) -> Option<&'static str> {
        microarchitecture(&self.vendor, self.family?, self.model?)
    }

    /// The record folder's name: the brand without trademarks and clock, then the family and
    /// model (`intel-xeon-f6m167`), and the microarchitecture where they name it
    /// (`amd-epyc-f25m17-zen4`). Two CPUs that share a brand string but not a family and model
    /// get different folders.
    pub fn slug(&self) -> String {
        let mut slug = slug(&brand_without_noise(&self.brand));
        if let (Some(family), Some(model)) = (self.family, self.model) {
            slug.push_str(&format!("-f{family}m{model}"));
        }
        if let Some(name) = self.microarchitecture() {
            slug.push('-');
            slug.push_str(&crate::base::machine::slug(name));
        }
        slug
    }

    /// `AMD EPYC (Zen 4, family 25 model 17)`: the brand and what identifies the CPU.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(name) = self.microarchitecture() {
            parts.push(name.to_string());
        }
        if let (Some(family), Some(model)) = (self.family, self.model) {
            parts.push(format!("family {family} model {model}"));
        }
        if parts.is_empty() {
            self.brand.clone()
        } else {
            format!("{} ({})", self.brand, parts.join(", "))
        }
    }

    /// Whether two records come from the same kind of CPU: vendor, family and model (the brand
    /// string alone is not enough: Zen 1 and Zen 4 are both "AMD EPYC").
    pub fn same_cpu(&self, other: &CpuIdentity) -> bool {
        (self.vendor.as_str(), self.family, self.model)
            == (other.vendor.as_str(), other.family, other.model)
            && (self.family.is_some() || self.brand == other.brand)
    }
}

/// Lower case letters and digits, everything else collapsed to single dashes.
pub fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "unknown-cpu".to_string()
    } else {
        slug
    }
}

/// The brand string without trademark signs, the clock and generic words: `Intel(R) Xeon(R)
/// Processor @ 2.50GHz` → `Intel Xeon`.
fn brand_without_noise(brand: &str) -> String {
    let brand = brand.split(" @ ").next().unwrap_or(brand);
    brand
        .replace("(R)", " ")
        .replace("(r)", " ")
        .replace("(TM)", " ")
        .replace("(tm)", " ")
        .split_whitespace()
        .filter(|word| !["CPU", "Processor", "processor"].contains(word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Microarchitectures that the vendor, family and model identify on their own. Intel family 6
/// model 85 (Skylake-SP, Cascade Lake or Cooper Lake by stepping) is not among them, nor is a
/// model a hypervisor may report in place of the host's (model 167 has been seen on a CPU
/// with AMX, which Rocket Lake never had).
pub fn microarchitecture(vendor: &str, family: u32, model: u32) -> Option<&'static str> {
    match (vendor, family, model) {
        ("AuthenticAMD", 23, 1 | 17) => Some("Zen"),
        ("AuthenticAMD", 23, 8 | 24) => Some("Zen+"),
        ("AuthenticAMD", 23, 49 | 96 | 104 | 113 | 144 | 160) => Some("Zen 2"),
        ("AuthenticAMD", 25, 0..=15 | 32..=63 | 80..=95) => Some("Zen 3"),
        ("AuthenticAMD", 25, 64..=79) => Some("Zen 3+"),
        ("AuthenticAMD", 25, 16..=31 | 96..=127 | 160..=175) => Some("Zen 4"),
        ("AuthenticAMD", 26, _) => Some("Zen 5"),
        ("GenuineIntel", 6, 106 | 108) => Some("Ice Lake-SP"),
        ("GenuineIntel", 6, 143) => Some("Sapphire Rapids"),
        ("GenuineIntel", 6, 207) => Some("Emerald Rapids"),
        ("GenuineIntel", 6, 173) => Some("Granite Rapids"),
        _ => None,
    }
}

impl Machine {
    /// Describes this machine.
    pub fn detect() -> Machine {
        Machine {
            cpu: cpu_identity(),
            os: os_description(),
            arch: std::env::consts::ARCH.to_string(),
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            emulated: emulation(),
            virtual_machine: virtual_machine(),
        }
    }

    /// What kind of machine, in words: `a virtual machine with 2 logical CPUs`, or
    /// `2 logical CPUs` where the record does not say whether it was virtual.
    pub fn kind(&self) -> String {
        let cpus = format!(
            "{} logical CPU{}",
            self.logical_cpus,
            if self.logical_cpus == 1 { "" } else { "s" }
        );
        match self.virtual_machine {
            Some(true) => format!("a virtual machine with {cpus}"),
            Some(false) => format!("bare metal with {cpus}"),
            None => cpus,
        }
    }
}

/// Whether /proc/cpuinfo's flags include `hypervisor` (x86 under a hypervisor); `None` where
/// it cannot be read or has no x86 flags.
fn virtual_machine() -> Option<bool> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let flags = cpuinfo.lines().find(|line| {
        line.split(':')
            .next()
            .is_some_and(|key| key.trim() == "flags")
    })?;
    let (_, flags) = flags.split_once(':')?;
    Some(flags.split_whitespace().any(|flag| flag == "hypervisor"))
}

/// The CPU features worth recording, listed once: each is recorded as detected at run time
/// (`machine.cpu.features`) and as compiled in (`tool.target_features`). Every feature a
/// variant may require ([`strategies::Feature`]) is among them.
macro_rules! features {
    ($($arch:literal, $detect:ident: [$($name:tt),* $(,)?];)*) => {
        /// The features detected at run time (masks not applied).
        fn detected_features() -> Vec<String> {
            #[allow(unused_mut)]
            let mut features = Vec::new();
            $(
                #[cfg(target_arch = $arch)]
                {
                    $(
                        if std::arch::$detect!($name) {
                            features.push($name.to_string());
                        }
                    )*
                }
            )*
            features
        }

        /// The features compiled into this build (`-C target-feature`, `target-cpu`).
        pub fn compiled_features() -> Vec<String> {
            #[allow(unused_mut)]
            let mut features = Vec::new();
            $($(
                if cfg!(target_feature = $name) {
                    features.push($name.to_string());
                }
            )*)*
            features
        }

        /// Every feature name of the list, for every architecture.
        pub const FEATURE_NAMES: &[&str] = &[$($($name),*),*];
    };
}

features! {
    "x86_64", is_x86_feature_detected: [
        "sse2", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "fma", "lzcnt",
        "avx512f", "avx512bw", "avx512vl", "avx512vpopcntdq", "gfni",
    ];
    "aarch64", is_aarch64_feature_detected: [
        "neon", "crc", "lse", "sve", "sve2", "dotprod",
    ];
}

#[cfg(target_arch = "x86_64")]
fn cpu_identity() -> CpuIdentity {
    use raw_cpuid::{CacheType, CpuId};
    let cpuid = CpuId::new();
    let vendor = cpuid
        .get_vendor_info()
        .map_or("unknown".into(), |v| v.as_str().to_string());
    let brand = cpuid
        .get_processor_brand_string()
        .map_or_else(|| vendor.clone(), |b| b.as_str().trim().to_string());
    let info = cpuid.get_feature_info();
    let mut caches: Vec<Cache> = cpuid
        .get_cache_parameters()
        .into_iter()
        .flatten()
        .filter_map(|c| {
            let kind = match c.cache_type() {
                CacheType::Data => "data",
                CacheType::Instruction => "instruction",
                CacheType::Unified => "unified",
                _ => return None,
            };
            let size = c.associativity()
                * c.physical_line_partitions()
                * c.coherency_line_size()
                * c.sets();
            Some(Cache {
                level: c.level(),
                kind: kind.into(),
                size_bytes: size as u64,
                associativity: Some(c.associativity() as u32),
                line_bytes: Some(c.coherency_line_size() as u32),
            })
        })
        .collect();
    if caches.is_empty() {
        caches = sysfs_caches();
    }
    CpuIdentity {
        vendor,
        brand,
        family: info.as_ref().map(|i| i.family_id() as u32),
        model: info.as_ref().map(|i| i.model_id() as u32),
        stepping: info.as_ref().map(|i| i.stepping_id() as u32),
        features: detected_features(),
        caches,
        source: "cpuid".into(),
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_identity() -> CpuIdentity {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        cpuinfo.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_string())
        })
    };
    let number = |name: &str| {
        field(name).and_then(|v| {
            let v = v.trim_start_matches("0x");
            u32::from_str_radix(v, 16).ok()
        })
    };
    let sysctl_brand = sysctl("machdep.cpu.brand_string");
    let (vendor, brand, source) = if let Some(brand) = sysctl_brand {
        ("Apple".to_string(), brand, "sysctl")
    } else if let Some(implementer) = field("CPU implementer") {
        let vendor = arm_implementer(&implementer);
        let part = field("CPU part").unwrap_or_default();
        let brand = field("model name").unwrap_or_else(|| format!("{vendor} part {part}"));
        (vendor, brand, "/proc/cpuinfo")
    } else {
        let brand = field("model name").unwrap_or_else(|| std::env::consts::ARCH.to_string());
        ("unknown".to_string(), brand, "/proc/cpuinfo")
    };
    let mut caches = sysfs_caches();
    if caches.is_empty() {
        for (level, kind, key) in [
            (1, "data", "hw.l1dcachesize"),
            (2, "unified", "hw.l2cachesize"),
            (3, "unified", "hw.l3cachesize"),
        ] {
            if let Some(size) = sysctl(key).and_then(|s| s.parse().ok()) {
                caches.push(Cache {
                    level,
                    kind: kind.into(),
                    size_bytes: size,
                    associativity: None,
                    line_bytes: None,
                });
            }
        }
    }
    CpuIdentity {
        vendor,
        brand,
        family: number("CPU architecture"),
        model: number("CPU part"),
        stepping: number("CPU revision"),
        features: detected_features(),
        caches,
        source: source.into(),
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn arm_implementer(code: &str) -> String {
    match code.trim_start_matches("0x") {
        "41" => "ARM",
        "42" => "Broadcom",
        "43" => "Cavium",
        "46" => "Fujitsu",
        "48" => "HiSilicon",
        "4e" => "NVIDIA",
        "51" => "Qualcomm",
        "61" => "Apple",
        "c0" => "Ampere",
        _ => "unknown",
    }
    .to_string()
}

/// `sysctl -n KEY` (macOS, BSD), if there is such a command and key.
#[allow(dead_code)] // unused on x86-64 Linux builds
fn sysctl(key: &str) -> Option<String> {
    let output = std::process::Command::new("sysctl")
        .args(["-n", key])
        .output()
        .ok()?;
    let value = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (output.status.success() && !value.is_empty()).then_some(value)
}

/// Caches from Linux sysfs, the fallback where cpuid is unavailable.
fn sysfs_caches() -> Vec<Cache> {
    let base = std::path::Path::new("/sys/devices/system/cpu/cpu0/cache");
    let mut caches = Vec::new();
    for index in 0..8 {
        let dir = base.join(format!("index{index}"));
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .ok()
                .map(|s| s.trim().to_string())
        };
        let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size"))
        else {
            continue;
        };
        let bytes = match size.strip_suffix('K') {
            Some(k) => k.parse::<u64>().ok().map(|k| k * 1024),
            None => match size.strip_suffix('M') {
                Some(m) => m.parse::<u64>().ok().map(|m| m * 1024 * 1024),
                None => size.parse().ok(),
            },
        };
        if let (Ok(level), Some(size_bytes)) = (level.parse(), bytes) {
            caches.push(Cache {
                level,
                kind: kind.to_lowercase(),
                size_bytes,
                associativity: read("ways_of_associativity").and_then(|w| w.parse().ok()),
                line_bytes: read("coherency_line_size").and_then(|l| l.parse().ok()),
            });
        }
    }
    caches
}

fn os_description() -> String {
    let pretty = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        });
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .ok()
        .map(|s| s.trim().to_string());
    match (pretty, kernel) {
        (Some(p), Some(k)) => format!("{p} (Linux {k})"),
        (Some(p), None) => p,
        _ => std::env::consts::OS.to_string(),
    }
}

/// The clock the OS reports for CPU 0, in MHz (Linux `/proc/cpuinfo` "cpu MHz").
pub fn os_reported_mhz() -> Option<f64> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "cpu MHz")
            .then(|| value.trim().parse().ok())
            .flatten()
    })
}

/// How emulation was detected, if it was. Timings under emulation mean nothing.
///
/// - qemu-user on Linux: `/proc/cpuinfo` describes the host, so an AArch64 process that
///   finds x86 fields there (or an x86-64 process that finds ARM ones) is emulated.
/// - Rosetta 2 on macOS: `sysctl.proc_translated` is 1.
/// - `BITBENCH_ASSUME_EMULATED=1` forces it (for tests of this very check).
pub fn emulation() -> Option<String> {
    if std::env::var_os("BITBENCH_ASSUME_EMULATED").is_some_and(|v| v == "1") {
        return Some("BITBENCH_ASSUME_EMULATED=1".into());
    }
    if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
        let has = |key: &str| {
            cpuinfo
                .lines()
                .any(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
        };
        let x86_host = has("vendor_id") && has("flags");
        let arm_host = has("CPU implementer");
        match std::env::consts::ARCH {
            "x86_64" | "x86" if arm_host && !x86_host => {
                return Some("/proc/cpuinfo describes an ARM host: emulated x86".into())
            }
            "aarch64" | "arm" if x86_host && !arm_host => {
                return Some("/proc/cpuinfo describes an x86 host: qemu-user".into())
            }
            _ => {}
        }
    }
    #[cfg(target_os = "macos")]
    if sysctl("sysctl.proc_translated").as_deref() == Some("1") {
        return Some("sysctl.proc_translated = 1: Rosetta 2".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_file_name_safe() {
        assert_eq!(
            slug("AMD EPYC 7B13 64-Core Processor"),
            "amd-epyc-7b13-64-core-processor"
        );
        assert_eq!(slug("  Intel(R) Core(TM) i7 "), "intel-r-core-tm-i7");
        assert_eq!(slug("???"), "unknown-cpu");
    }

    fn cpu(vendor: &str, brand: &str, family: u32, model: u32) -> CpuIdentity {
        CpuIdentity {
            vendor: vendor.into(),
            brand: brand.into(),
            family: Some(family),
            model: Some(model),
            stepping: None,
            features: vec![],
            caches: vec![],
            source: "test".into(),
        }
    }

    #[test]
    fn cpu_folders_name_family_model_and_microarchitecture() {
        let zen4 = cpu("AuthenticAMD", "AMD EPYC", 25, 17);
        let zen1 = cpu("AuthenticAMD", "AMD EPYC", 23, 1);
        assert_eq!(zen4.slug(), "amd-epyc-f25m17-zen-4");
        assert_eq!(zen1.slug(), "amd-epyc-f23m1-zen");
        assert!(!zen4.same_cpu(&zen1), "same brand, different CPUs");
        let xeon = cpu("GenuineIntel", "Intel(R) Xeon(R) Processor", 6, 167);
        assert_eq!(xeon.slug(), "intel-xeon-f6m167");
        let cascade = cpu(
            "GenuineIntel",
            "Intel(R) Xeon(R) Processor @ 2.50GHz",
            6,
            85,
        );
        assert_eq!(cascade.slug(), "intel-xeon-f6m85");
        assert!(!xeon.same_cpu(&cascade));
        assert_eq!(zen4.describe(), "AMD EPYC (Zen 4, family 25 model 17)");
        for name in strategies::Feature::ALL {
            assert!(
                FEATURE_NAMES.contains(&name.name()),
                "{name} is not recorded"
            );
        }
    }

    #[test]
    fn this_machine_describes_itself() {
        let machine = Machine::detect();
        assert!(!machine.cpu.brand.is_empty());
        assert!(machine.logical_cpus >= 1);
    }
}
