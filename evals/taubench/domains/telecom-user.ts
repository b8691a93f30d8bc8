// tau2's telecom user toolkit (src/tau2/domains/telecom/user_tools.py): the simulated user's phone. The user
// simulator calls these tools when the agent asks them to check or change something; tasks break the phone with
// the non-tool functions (turn_roaming_off, break_apn_settings …) and check it with assert_*.
import { asStr, deepMerge, describe, str, type DomainTool, type KitFunction, type Toolkit } from '../toolkit.ts'
import { apnSettings, normalizeUserDb } from './telecom-model.ts'
import { pyFloat } from './telecom-agent.ts'

type Obj = Record<string, any>

const MODES = ['4g_5g_preferred', '4g_only', '3g_only', '2g_only']
const TECH_FOR_MODE: Record<string, string> = { '4g_only': '4G', '3g_only': '3G', '2g_only': '2G' }
const SIGNAL_ICON: Record<string, string> = { none: '📵 No Signal', poor: '📶¹ Poor', fair: '📶² Fair', good: '📶³ Good', excellent: '📶⁴ Excellent' }
const SPEED_RANGE: Record<string, [number, number]> = { '2G': [0.1, 0.4], '3G': [1, 5], '4G': [10, 100], '5G': [50, 500], none: [0, 0] }
const SIGNAL_FACTOR: Record<string, number> = { poor: 0.2, fair: 0.5, good: 0.8, excellent: 1, none: 0 }
const DEFAULT_VPN = { server_address: '192.168.1.1', protocol: 'OpenVPN', server_performance: 'excellent' }
const SIM_TEXT: Record<string, string> = { active: 'Your SIM card is active and working.', missing: 'No SIM card detected in the phone.', locked_pin: 'The SIM card is locked with a PIN code.', locked_puk: 'The SIM card is locked with a PUK code.' }
const ADVICE: Record<string, string> = {
  'Very Poor': 'Connection is very slow. Basic web browsing might be difficult.',
  Poor: 'Connection is slow. Web browsing may be sluggish, streaming difficult.',
  Fair: 'Connection is okay for web browsing and some standard definition streaming.',
  Good: 'Connection is good for most activities, including HD streaming.',
  Excellent: 'Connection is very fast.',
}

const nullable = (type: string, description: string) => ({ anyOf: [{ type }, { type: 'null' }], description })
/** APNSettings as pydantic describes it (inline here); every field has a default. */
const APN_SCHEMA = {
  type: 'object',
  description: 'Represents the configuration for a single Access Point Name (APN).',
  properties: {
    apn_name: { type: 'string', enum: ['internet', 'broken'], description: 'The name identifier for the APN connection.' },
    reset_at_reboot: { type: 'boolean', description: 'Whether the APN settings will be reset at the next reboot.' },
    mms_apn: nullable('string', 'Specific APN name used for MMS traffic, if different from general data.'),
    mmsc_url: nullable('string', 'The URL of the Multimedia Messaging Service Center (MMSC). Crucial for MMS.'),
    mms_proxy: nullable('string', 'The proxy server address required for MMS traffic on some networks.'),
    mms_port: nullable('integer', 'The proxy server port required for MMS traffic on some networks.'),
  },
  required: [],
}

export interface TelecomUserKit extends Toolkit {
  state(): Obj
}

export function telecomUserToolkit(initial: Obj): TelecomUserKit {
  let db = normalizeUserDb(initial)
  const dev = () => db.device
  const sur = () => db.surroundings
  const simStatus = () => (dev().sim_card_missing ? 'missing' : dev().sim_card_status)
  const noService = () => Object.assign(dev(), { network_connection_status: 'no_service', network_technology_connected: 'none', network_signal_strength: 'none' })
  const networkSearch = () => {
    const d = dev()
    const sim = simStatus()
    if (sim === 'active') {
      d.network_connection_status = 'connected'
      const signal = (t: string) => sur().signal_strength[t] ?? 'none'
      const tech = d.network_mode_preference === '4g_5g_preferred' ? (signal('5G') === 'none' ? '4G' : '5G') : (TECH_FOR_MODE[d.network_mode_preference] ?? '4G')
      d.network_technology_connected = tech
      d.network_signal_strength = signal(tech)
    } else noService()
    if (d.airplane_mode || d.active_apn_settings.apn_name === 'broken' || !sur().line_active) noService()
  }
  const statusBar = (): string => {
    const d = dev()
    const out: string[] = []
    if (d.airplane_mode) out.push('✈️ Airplane Mode')
    else {
      out.push(SIGNAL_ICON[d.network_signal_strength] ?? '📵 No Signal')
      if (d.network_technology_connected !== 'none') out.push(d.network_technology_connected)
      if (d.data_enabled && d.network_technology_connected !== 'none') {
        out.push('📱 Data Enabled')
        if (d.data_saver_mode) out.push('🔽 Data Saver')
      } else out.push('📵 Data Disabled')
    }
    if (d.wifi_enabled && d.wifi_connected) out.push(d.wifi_ssid ? `📡 Connected to ${d.wifi_ssid}` : '📡 Enabled')
    if (d.vpn_connected) out.push('🔒 VPN Connected')
    out.push(`🔋 ${d.battery_level}%`)
    return out.join(' | ')
  }
  const withBar = (s: string) => `${s}\nStatus Bar: ${statusBar()}`
  const dataWorking = (): boolean => {
    const d = dev()
    if (d.airplane_mode || d.network_signal_strength === 'none' || d.network_connection_status === 'no_service') return false
    if (sur().is_abroad && (!d.roaming_enabled || !sur().roaming_allowed)) return false
    return d.data_enabled && !sur().mobile_data_usage_exceeded
  }
  const speedTest = (): [number | null, string] => {
    if (!dataWorking()) return [null, 'No Connection']
    const d = dev()
    let factor = d.vpn_connected && d.vpn_details && d.vpn_details.server_performance === 'poor' ? 0.1 : 1
    if (d.data_saver_mode) factor *= 0.2
    const [lo, hi] = SPEED_RANGE[d.network_technology_connected] ?? [0, 0]
    const speed = Number((((lo + hi) / 2) * (SIGNAL_FACTOR[d.network_signal_strength] ?? 0) * factor).toFixed(2))
    return [speed, speed < 1 ? 'Very Poor' : speed < 5 ? 'Poor' : speed < 25 ? 'Fair' : speed < 100 ? 'Good' : 'Excellent']
  }
  const toggleAirplane = (): boolean => {
    const d = dev()
    const wasOn = d.airplane_mode
    d.airplane_mode = !wasOn
    if (wasOn) {
      d.network_connection_status = 'searching'
      if (d.wifi_enabled) Object.assign(d, { wifi_connected: false, wifi_ssid: null, wifi_signal_strength: 'none' })
    } else {
      Object.assign(d, { wifi_connected: false, wifi_ssid: null, wifi_signal_strength: 'none' })
      if (d.vpn_connected) disconnectVpn()
    }
    networkSearch()
    return d.airplane_mode
  }
  const flip = (key: string, search: boolean) => () => {
    dev()[key] = !dev()[key]
    if (search) networkSearch()
    return dev()[key] as boolean
  }
  const toggleData = flip('data_enabled', true)
  const toggleRoaming = flip('roaming_enabled', true)
  const toggleSaver = flip('data_saver_mode', false)
  const toggleWifiCalling = flip('wifi_calling_enabled', false)
  const connectVpn = (): boolean | null => {
    if (dev().vpn_connected) return null
    Object.assign(dev(), { vpn_connected: true, vpn_details: { ...DEFAULT_VPN } })
    return true
  }
  const disconnectVpn = (): boolean => {
    if (!dev().vpn_connected) return false
    Object.assign(dev(), { vpn_connected: false, vpn_details: null })
    return true
  }
  const canSendMms = (): boolean => {
    const d = dev()
    if (!dataWorking() || d.network_technology_connected === '2G') return false
    if (d.wifi_calling_enabled && d.wifi_calling_mms_over_wifi) return false
    if (d.active_apn_settings.mmsc_url === null) return false
    const app = d.app_statuses.messaging
    return !!app && !!app.permissions.storage && !!app.permissions.sms
  }
  const permissionsText = (p: Obj) => Object.entries(p).filter(([, v]) => v).map(([k]) => k.replace(/_/g, ' ').toLowerCase())
  /** Toggles until the state is `want`, as upstream's turn_*_on/off helpers do. */
  const ensure = (toggle: () => boolean | null, want: boolean) => {
    if (toggle() !== want) toggle()
  }

  const tool = (name: string, kind: 'read' | 'write', description: string, run: (a: Obj) => unknown, params: DomainTool['params'] = {}): DomainTool => ({ name, kind, description, params, run })
  const tools: DomainTool[] = [
    tool('check_status_bar', 'read', "Shows what icons are currently visible in your phone's status bar (the area at the top of the screen). Displays network signal strength, mobile data status (enabled, disabled, data saver), Wi-Fi status, and battery level.", () => `Status Bar: ${statusBar()}`),
    tool('check_network_status', 'read', "Checks your phone's connection status to cellular networks and Wi-Fi. Shows airplane mode status, signal strength, network type, whether mobile data is enabled, and whether data roaming is enabled.", () => {
      const d = dev()
      const lines = [
        `Airplane Mode: ${d.airplane_mode ? 'ON' : 'OFF'}`, `SIM Card Status: ${simStatus()}`, `Cellular Connection: ${d.network_connection_status}`, `Cellular Signal: ${d.network_signal_strength}`,
        `Cellular Network Type: ${d.network_technology_connected}`, `Mobile Data Enabled: ${d.data_enabled ? 'Yes' : 'No'}`, `Data Roaming Enabled: ${d.roaming_enabled ? 'Yes' : 'No'}`,
        `Wi-Fi Radio: ${d.wifi_enabled ? 'ON' : 'OFF'}`, `Wi-Fi Connected: ${d.wifi_connected ? 'Yes' : 'No'}`,
      ]
      if (d.wifi_connected) lines.push(`Connected Wi-Fi Network: ${d.wifi_ssid}`)
      return lines.join('\n')
    }),
    tool('check_network_mode_preference', 'read', 'Shows the current network mode preference.', () => `Network Mode Preference: ${dev().network_mode_preference}`),
    tool('set_network_mode_preference', 'write', 'Changes the type of cellular network your phone prefers to connect to (e.g., 5G, LTE/4G, 3G). Higher-speed networks (LTE/5G) provide faster data but may use more battery.', (a) => {
      const mode = asStr(a.mode)
      if (!MODES.includes(mode)) return withBar(`Failed to set network mode: '${mode}' is not a valid option. Please use one of: ${MODES.join(', ')}`)
      dev().network_mode_preference = mode
      networkSearch()
      return withBar(`Preferred Network Mode set to: ${mode}`)
    }, { mode: { schema: { anyOf: [{ type: 'string', enum: MODES }, { type: 'string' }] } } }),
    tool('run_speed_test', 'read', 'Measures your current internet connection speed (download speed). Provides information about connection quality and what activities it can support.', () => {
      const [speed, desc] = speedTest()
      if (speed === null) return `Speed test failed: ${desc || 'Could not determine speed'}.`
      return `Speed Test Result: ${speed.toFixed(2)} Mbps (${desc}). ${ADVICE[desc] ?? ''}`
    }),
    tool('toggle_airplane_mode', 'write', describe('Toggles Airplane Mode ON or OFF. When ON, it disconnects all wireless communications including cellular, Wi-Fi, and Bluetooth.', 'Returns the new state of airplane_mode.'), () => withBar(`Airplane Mode is now ${toggleAirplane() ? 'ON' : 'OFF'}.`)),
    tool('check_sim_status', 'read', 'Checks if your SIM card is working correctly and displays its current status. Shows if the SIM is active, missing, or locked with a PIN or PUK code.', () => SIM_TEXT[simStatus()] ?? `Unknown SIM status: ${simStatus()}`),
    tool('reseat_sim_card', 'write', 'Simulates removing and reinserting your SIM card. This can help resolve recognition issues.', () => {
      dev().sim_card_missing = false
      networkSearch()
      return withBar('SIM card re-seated successfully.')
    }),
    tool('toggle_data', 'write', describe("Toggles your phone's mobile data connection ON or OFF. Controls whether your phone can use cellular data for internet access when Wi-Fi is unavailable.", 'Returns the new data connection status.'), () => withBar(`Mobile Data is now ${toggleData() ? 'ON' : 'OFF'}.`)),
    tool('toggle_roaming', 'write', describe("Toggles Data Roaming ON or OFF. When ON, your phone can use data networks in areas outside your carrier's coverage.", 'Returns the new data roaming status.'), () => withBar(`Data Roaming is now ${toggleRoaming() ? 'ON' : 'OFF'}.`)),
    tool('check_data_restriction_status', 'read', 'Checks if your phone has any data-limiting features active. Shows if Data Saver mode is on.', () => (dev().data_saver_mode ? 'Data Saver mode is ON (limits data usage).' : 'Data Saver mode is OFF.')),
    tool('toggle_data_saver_mode', 'write', describe('Toggles Data Saver mode ON or OFF. When ON, it reduces data usage, which may affect data speed.', 'Returns the new data saver mode status.'), () => withBar(`Data Saver Mode is now ${toggleSaver() ? 'ON' : 'OFF'}.`)),
    tool('check_apn_settings', 'read', "Checks the technical APN settings your phone uses to connect to your carrier's mobile data network. Shows current APN name and MMSC URL for picture messaging.", () => {
      const s = dev().active_apn_settings
      return `Current APN Name: ${s.apn_name || 'Not Set'}\nMMSC URL (for picture messages): ${s.mmsc_url || 'Not Set'}\n(These are technical settings, usually best left unchanged.)`
    }),
    tool('set_apn_settings', 'write', 'Sets the APN settings for the phone.', (a) => {
      const s = apnSettings(a.apn_settings)
      if (s.apn_name !== 'internet' && s.apn_name !== 'broken') throw new Error(`1 validation error for APNSettings\napn_name\n  Input should be 'internet' or 'broken'`)
      dev().active_apn_settings = s
      networkSearch()
      return withBar(`APN settings set to: ${s.apn_name}`)
    }, { apn_settings: { schema: APN_SCHEMA } }),
    tool('reset_apn_settings', 'write', 'Resets your APN settings to the default settings.', () => {
      dev().active_apn_settings.reset_at_reboot = true
      networkSearch()
      return withBar('APN settings will reset at reboot.')
    }),
    tool('check_wifi_status', 'read', "Checks your Wi-Fi connection status. Shows if Wi-Fi is turned on, which network you're connected to (if any), and the signal strength.", () => {
      const d = dev()
      if (!d.wifi_enabled) return 'Wi-Fi is turned OFF.'
      return d.wifi_connected ? `Wi-Fi is ON and connected to '${d.wifi_ssid}'. Signal strength: ${d.wifi_signal_strength}.` : 'Wi-Fi is ON but not connected to any network.'
    }),
    tool('toggle_wifi', 'write', describe("Toggles your phone's Wi-Fi radio ON or OFF. Controls whether your phone can discover and connect to wireless networks for internet access.", 'Returns the new Wi-Fi status.'), () => {
      const d = dev()
      if (d.airplane_mode) return withBar('Cannot change Wi-Fi settings while Airplane Mode is ON.')
      d.wifi_enabled = !d.wifi_enabled
      if (!d.wifi_enabled) Object.assign(d, { wifi_connected: false, wifi_ssid: null, wifi_signal_strength: 'none' })
      return withBar(`Wi-Fi is now ${d.wifi_enabled ? 'ON' : 'OFF'}.`)
    }),
    tool('check_wifi_calling_status', 'read', 'Checks if Wi-Fi Calling is enabled on your device. This feature allows you to make and receive calls over a Wi-Fi network instead of using the cellular network.', () => `Wi-Fi Calling is currently turned ${dev().wifi_calling_enabled ? 'ON' : 'OFF'}.`),
    tool('toggle_wifi_calling', 'write', describe('Toggles Wi-Fi Calling ON or OFF. This feature allows you to make and receive calls over Wi-Fi instead of the cellular network, which can help in areas with weak cellular signal.', 'Returns the new Wi-Fi Calling status.'), () => withBar(`Wi-Fi Calling is now ${toggleWifiCalling() ? 'ON' : 'OFF'}.`)),
    tool('check_vpn_status', 'read', "Checks if you're using a VPN (Virtual Private Network) connection. Shows if a VPN is active, connected, and displays any available connection details.", () => {
      const d = dev()
      if (d.vpn_connected) return d.vpn_details ? `VPN is ON and connected. Details: ${pyDict(d.vpn_details)}` : 'VPN is ON and connected (no specific details available).'
      return d.vpn_enabled_setting ? 'VPN is turned ON in settings, but currently not connected.' : 'VPN is turned OFF.'
    }),
    tool('connect_vpn', 'write', 'Connects to your VPN (Virtual Private Network).', () => {
      const r = connectVpn()
      return r === null ? 'VPN already connected.' : withBar('VPN connected successfully.')
    }),
    tool('disconnect_vpn', 'write', 'Disconnects any active VPN (Virtual Private Network) connection. Stops routing your internet traffic through a VPN server, which might affect connection speed or access to content.', () => withBar(disconnectVpn() ? 'VPN disconnected successfully.' : 'No active VPN connection to disconnect.')),
    tool('check_installed_apps', 'read', 'Returns the name of all installed apps on the phone.', () => `The following apps are installed on the phone: ${Object.keys(dev().app_statuses).join(', ')}`),
    tool('check_app_status', 'read', 'Checks detailed information about a specific app. Shows its permissions and background data usage settings.', (a) => {
      const name = asStr(a.app_name)
      const app = dev().app_statuses[name]
      if (!app) return `App '${name}' not found on this phone.`
      const perms = permissionsText(app.permissions)
      return [`Status for App: ${name}`, ...(perms.length ? [' - Permissions Granted:', ...perms.map((p) => `   - ${p}`)] : [' - Permissions: None granted.'])].join('\n')
    }, { app_name: { schema: { type: 'string' } } }),
    tool('check_app_permissions', 'read', 'Checks what permissions a specific app currently has. Shows if the app has access to features like storage, camera, location, etc.', (a) => {
      const name = asStr(a.app_name)
      const app = dev().app_statuses[name]
      if (!app) return `App '${name}' not found on this phone.`
      const perms = permissionsText(app.permissions)
      return perms.length ? `App '${name}' has permission for: ${perms.join(', ')}.` : `App '${name}' currently has no permissions granted.`
    }, { app_name: { schema: { type: 'string' } } }),
    tool('grant_app_permission', 'write', 'Gives a specific permission to an app (like access to storage, camera, or location). Required for some app functions to work properly.', (a) => {
      const name = asStr(a.app_name)
      const perm = asStr(a.permission).toLowerCase()
      const app = dev().app_statuses[name]
      let ok = false
      let msg: string
      if (!app) msg = `App '${name}' not found. Cannot grant permission.`
      else if (!(perm in app.permissions)) msg = `Permission '${perm}' not tracked for app '${name}', available permissions: [${Object.keys(app.permissions).map((k) => `'${k}'`).join(', ')}]`
      else {
        app.permissions[perm] = true
        ok = true
        msg = `Permission '${perm}' granted to app '${name}'.`
      }
      return withBar(`${ok ? 'Success. ' : 'Error. '}${msg}`)
    }, { app_name: str('The name of the app to grant the permission to.'), permission: str('The permission to grant, should be lowercase.') }),
    tool('can_send_mms', 'read', 'Checks if the default messaging app can send MMS messages.', () => (canSendMms() ? 'Your messaging app can send MMS messages.' : 'Your messaging app cannot send MMS messages.')),
    tool('reboot_device', 'write', 'Restarts your phone completely. This can help resolve many temporary software glitches by refreshing all running services and connections.', () => {
      const lines: string[] = []
      if (dev().active_apn_settings.reset_at_reboot) {
        lines.push('Resetting APN settings...')
        dev().active_apn_settings = apnSettings({})
      }
      lines.push('Restarting network services...')
      dev().network_connection_status = 'searching'
      networkSearch()
      return withBar(lines.join('\n'))
    }),
    tool('check_payment_request', 'read', 'Checks if the agent has sent you a payment request.', () => {
      const p = sur().payment_request
      return p ? `You have a payment request for bill ${p.bill_id} of ${pyFloat(p.amount_due)} USD.` : 'No payment request has been made.'
    }),
    tool('make_payment', 'write', 'Makes a payment for the bill that the agent has sent you.', () => {
      const p = sur().payment_request
      if (!p) return 'You do not have a payment request.'
      p.paid = true
      return `Payment of ${pyFloat(p.amount_due)} USD has been made for bill ${p.bill_id}.`
    }),
  ]

  const setup: Record<string, KitFunction> = {
    set_user_info: (a) => void Object.assign(sur(), { name: a.name, phone_number: a.phone_number }),
    set_user_location: (a) => void (sur().is_abroad = !!a.abroad),
    turn_airplane_mode_on: () => (ensure(toggleAirplane, true), 'Airplane Mode is now ON.'),
    turn_airplane_mode_off: () => (ensure(toggleAirplane, false), 'Airplane Mode is now OFF.'),
    unseat_sim_card: () => ((dev().sim_card_missing = true), networkSearch(), 'SIM card un-seated successfully.'),
    lock_sim_card: (a) => {
      if (a.mode === 'pin') dev().sim_card_status = 'locked_pin'
      else if (a.mode === 'puk') dev().sim_card_status = 'locked_puk'
      networkSearch()
      return `SIM card locked successfully in ${asStr(a.mode)} mode.`
    },
    turn_data_on: () => ((dev().data_enabled = true), 'Data connection restored.'),
    turn_data_off: () => (ensure(toggleData, false), 'Data connection broken.'),
    turn_roaming_on: () => (ensure(toggleRoaming, true), 'Data Roaming is now ON.'),
    turn_roaming_off: () => (ensure(toggleRoaming, false), 'Data Roaming is now OFF.'),
    turn_data_saver_mode_on: () => (ensure(toggleSaver, true), 'Data Saver Mode is now ON.'),
    turn_data_saver_mode_off: () => (ensure(toggleSaver, false), 'Data Saver Mode is now OFF.'),
    set_network_mode_preference: (a) => tools.find((t) => t.name === 'set_network_mode_preference')!.run(a),
    break_apn_settings: () => ((dev().active_apn_settings.apn_name = 'broken'), networkSearch(), 'APN settings broken. Please call reset_apn_settings() to fix.'),
    break_apn_mms_setting: () => ((dev().active_apn_settings.mmsc_url = null), 'APN MMS setting broken. Please call reset_apn_settings() to fix.'),
    set_wifi_calling: (a) => {
      if (dev().wifi_calling_enabled !== !!a.enabled) toggleWifiCalling()
      let msg = `Wi-Fi Calling is now ${a.enabled ? 'ON' : 'OFF'}.`
      if (a.mms_over_wifi !== undefined && a.mms_over_wifi !== null) {
        dev().wifi_calling_mms_over_wifi = !!a.mms_over_wifi
        msg += `\nMMS over Wi-Fi is now ${a.mms_over_wifi ? 'ON' : 'OFF'}.`
      }
      return msg
    },
    break_vpn: () => {
      connectVpn()
      dev().vpn_details.server_performance = 'poor'
      return 'VPN connection broken.'
    },
    remove_app_permission: (a) => {
      const app = dev().app_statuses[asStr(a.app_name)]
      if (app && asStr(a.permission).toLowerCase() in app.permissions) app.permissions[asStr(a.permission).toLowerCase()] = false
      return null
    },
    simulate_network_search: () => void networkSearch(),
    assert_airplane_mode_status: (a) => dev().airplane_mode === a.expected_status,
    assert_service_status: (a) => dev().network_connection_status === a.expected_status,
    assert_mobile_data_status: (a) => dataWorking() === a.expected_status,
    assert_mobile_roaming_status: (a) => dev().roaming_enabled === a.expected_status,
    assert_mobile_data_saver_mode_status: (a) => dev().data_saver_mode === a.expected_status,
    assert_internet_speed: (a) => {
      const [speed, desc] = speedTest()
      const s = speed ?? 0
      return a.expected_desc == null ? s >= Number(a.expected_speed) : s >= Number(a.expected_speed) && desc.toLowerCase() === asStr(a.expected_desc).toLowerCase()
    },
    assert_internet_not_excellent: () => speedTest()[1].toLowerCase() !== 'excellent',
    assert_can_send_mms: (a) => canSendMms() === a.expected_status,
    assert_mobile_data_usage_exceeded: (a) => sur().mobile_data_usage_exceeded === a.expected_status,
  }

  return {
    className: 'TelecomUserTools',
    tools,
    functions: { ...Object.fromEntries(tools.map((t) => [t.name, t.run])), ...setup },
    db: () => db,
    updateDb: (d) => void (db = normalizeUserDb(deepMerge(db, d))),
    state: () => db,
  }
}

/**
 * Python's str() of VpnDetails.model_dump() (check_vpn_status prints it): strings quoted, and the performance
 * still an Enum member, so its repr shows.
 */
function pyDict(o: Obj): string {
  const v = (k: string, x: unknown) =>
    x === null ? 'None' : k === 'server_performance' ? `<PerformanceLevel.${String(x).toUpperCase()}: '${String(x)}'>` : typeof x === 'string' ? `'${x}'` : String(x)
  return `{${Object.entries(o).map(([k, x]) => `'${k}': ${v(k, x)}`).join(', ')}}`
}
