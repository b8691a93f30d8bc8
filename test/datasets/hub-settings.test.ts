// hubSettingsFromEnv: huggingface_hub's variables and precedence.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { hubSettingsFromEnv } from '../../src/datasets/hub-settings.ts'

test('defaults: huggingface.co, no token, ~/.cache/huggingface/hub, online', () => {
  expect(hubSettingsFromEnv({})).toEqual({ endpoint: 'https://huggingface.co', cacheDir: join(homedir(), '.cache/huggingface/hub'), offline: false })
})

test('the cache folder follows HF_HUB_CACHE, HUGGINGFACE_HUB_CACHE, HF_HOME, XDG_CACHE_HOME in that order', () => {
  const all = { HF_HUB_CACHE: '/a', HUGGINGFACE_HUB_CACHE: '/b', HF_HOME: '/c', XDG_CACHE_HOME: '/d' }
  expect(hubSettingsFromEnv(all).cacheDir).toBe('/a')
  expect(hubSettingsFromEnv({ ...all, HF_HUB_CACHE: '' }).cacheDir).toBe('/b')
  expect(hubSettingsFromEnv({ HF_HOME: '/c', XDG_CACHE_HOME: '/d' }).cacheDir).toBe('/c/hub')
  expect(hubSettingsFromEnv({ XDG_CACHE_HOME: '/d' }).cacheDir).toBe('/d/huggingface/hub')
  expect(hubSettingsFromEnv({ HF_HOME: '~/hf' }).cacheDir).toBe(join(homedir(), 'hf/hub'))
})

test('HF_TOKEN wins over HUGGING_FACE_HUB_TOKEN', () => {
  expect(hubSettingsFromEnv({ HF_TOKEN: 'hf_a', HUGGING_FACE_HUB_TOKEN: 'hf_b' }).token).toBe('hf_a')
  expect(hubSettingsFromEnv({ HUGGING_FACE_HUB_TOKEN: 'hf_b' }).token).toBe('hf_b')
})

test('HF_ENDPOINT loses its trailing slash; a non-URL is refused without echoing a token', () => {
  expect(hubSettingsFromEnv({ HF_ENDPOINT: 'http://127.0.0.1:8080/' }).endpoint).toBe('http://127.0.0.1:8080')
  expect(() => hubSettingsFromEnv({ HF_ENDPOINT: 'hf-mirror.com', HF_TOKEN: 'hf_secret' })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: HF_ENDPOINT="hf-mirror.com" is not an http(s) URL. Set it like https://huggingface.co or unset it.]`)
})

test('HF_HUB_OFFLINE accepts 1, true, yes, on (any case) and nothing else', () => {
  const offline = (v: string) => hubSettingsFromEnv({ HF_HUB_OFFLINE: v }).offline
  expect(['1', 'true', 'TRUE', 'yes', 'On'].map(offline)).toEqual([true, true, true, true, true])
  expect(['0', 'false', '', 'no'].map(offline)).toEqual([false, false, false, false])
})
